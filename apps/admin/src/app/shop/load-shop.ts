import { type Shop, shopContract } from '@popstage/core/shop';
import type { ApiClient } from '../../lib/api/client';

/** Spec 01 §4, §9: the shop load is retried up to 4 times while a subscription is settling. */
export const SHOP_LOAD_MAX_RETRIES = 4;
export const SHOP_LOAD_ERROR_MESSAGE = 'Could not load store state. Please contact support.';

/** Right after billing approval the subscription exists but is not active yet. */
export function isSubscriptionSettling(shop: Pick<Shop, 'subscriptionActive' | 'subscription'>) {
  return !shop.subscriptionActive && shop.subscription !== null;
}

interface LoadOptions {
  signal?: AbortSignal;
  /** Waits before retry number `retry` (1-based); tests pass a fake. */
  wait?: (retry: number, signal?: AbortSignal) => Promise<void>;
}

/** Loads the shop; while its subscription is settling, asks again (up to 4 times), then settles. */
export async function loadShop(api: ApiClient, options: LoadOptions = {}): Promise<Shop> {
  const wait = options.wait ?? backoff;
  const load = () => api.call(shopContract.shop, {}, { signal: options.signal });
  let shop = await load();
  for (let retry = 1; retry <= SHOP_LOAD_MAX_RETRIES && isSubscriptionSettling(shop); retry++) {
    await wait(retry, options.signal);
    shop = await load();
  }
  return shop;
}

/** 1, 2, 3 then 4 seconds: about 10 s in all for the billing webhook to land. */
function backoff(retry: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, retry * 1000);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
