import type { RouteContract, RouteInput, RouteResponse } from '@popstage/core/contract';
import { routePath } from '@popstage/core/contract';
import {
  operatorContract as contract,
  type MobilePreset,
  type MobileRequestChange,
} from '@popstage/core/operator';
import type { FeatureFlagName } from '@popstage/core/shop';

/**
 * The app's staff API (/operator/api) as the local Shopify's control page calls it: what is not
 * Shopify's (feature flags, plan-change proposals, the branded-app request, the app's data) is
 * asked of the app over HTTP with the operator credential, never read from its tables.
 */
export interface OperatorLink {
  /** The app's URL. */
  url: string;
  token: string;
  fetch: typeof fetch;
}

/** The app refused or failed a staff call: its status and message, passed on to the caller. */
export class OperatorError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'OperatorError';
  }
}

export type OperatorClient = ReturnType<typeof createOperatorClient>;

export function createOperatorClient(link: OperatorLink) {
  async function call<C extends RouteContract>(
    route: C,
    input: Partial<RouteInput<C>> & { params?: Record<string, string> },
  ): Promise<RouteResponse<C>> {
    const body = 'body' in input ? JSON.stringify(input.body) : undefined;
    let response: Response;
    try {
      response = await link.fetch(new URL(routePath(route, input.params), link.url), {
        method: route.method,
        headers: {
          authorization: `Bearer ${link.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      throw new OperatorError(502, `The app did not answer: ${(error as Error).message}`);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = (json as { message?: unknown } | null)?.message;
      throw new OperatorError(
        response.status,
        typeof message === 'string' ? message : `The app answered ${response.status}`,
      );
    }
    return route.response.parse(json) as RouteResponse<C>;
  }

  return {
    shop: async (shop: string) => (await call(contract.shop, { params: { shop } })).shop,
    setFeatureFlags: (shop: string, flags: Partial<Record<FeatureFlagName, boolean>>) =>
      call(contract.setFeatureFlags, { params: { shop }, body: flags }),
    proposePlanChange: (shop: string, change: { planId: string; addonIds: string[] }) =>
      call(contract.proposePlanChange, { params: { shop }, body: change }),
    setMobileAppState: (shop: string, preset: MobilePreset) =>
      call(contract.setMobileAppState, { params: { shop }, body: { preset } }),
    changeMobileAppRequest: (shop: string, change: MobileRequestChange) =>
      call(contract.changeMobileAppRequest, { params: { shop }, body: change }),
    forgetShop: (shop: string) => call(contract.forgetShop, { params: { shop } }),
    billingOffer: () => call(contract.billingOffer, {}),
    orderAttribution: (shop: string, orderId: string) =>
      call(contract.orderAttribution, { params: { shop, orderId } }),
  };
}
