import { HELP_SERVER_MESSAGES as M, type SupportRequestBody } from '@popstage/core/help';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import { signZendeskToken } from '../../platform/help/zendesk-token';
import type { Tenant } from '../../tenant';
import { storeAccountOf } from '../account';
import {
  allSupportRequests,
  insertSupportRequest,
  type SupportRequestRow,
  supportRequestsOf,
} from './store';

/**
 * The support widget's user token. The same three conditions as the support button (spec 01
 * §2.5, §6) are enforced here too: a configured widget, the store account, an active plan.
 */
export async function supportWidgetToken(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock'>,
  tenant: Tenant,
): Promise<string> {
  const { shop } = tenant;
  const { HELP_WIDGET_KEY, ZENDESK_KEY_ID, ZENDESK_SHARED_SECRET } = deps.config;
  if (!HELP_WIDGET_KEY || !ZENDESK_KEY_ID || !ZENDESK_SHARED_SECRET) {
    throw forbidden(M.supportNotConfigured);
  }
  if (!shop.csStoreCreated) throw forbidden(M.supportNeedsStoreAccount);
  if (!tenant.plan.subscription) throw forbidden(M.supportNeedsSubscription);
  const account = await storeAccountOf(deps.database.db, shop.id);
  return signZendeskToken(
    {
      externalId: shop.shopifyDomain,
      name: shop.ownerName || shop.shopName,
      email: account?.email ?? shop.ownerEmail,
    },
    { keyId: ZENDESK_KEY_ID, sharedSecret: ZENDESK_SHARED_SECRET },
    deps.clock.now(),
  );
}

/** The shop's requests sent through the sandbox's form, newest first. */
export function supportRequests(
  deps: Pick<AppDeps, 'database'>,
  tenant: Tenant,
): Promise<SupportRequestRow[]> {
  return supportRequestsOf(deps.database.db, tenant.shop.id);
}

export function sendSupportRequest(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  tenant: Tenant,
  body: SupportRequestBody,
): Promise<SupportRequestRow> {
  return insertSupportRequest(deps.database.db, {
    shopId: tenant.shop.id,
    ...body,
    createdAt: deps.clock.now(),
  });
}

/** A request as received, with its shop's domain: what the offline support desk lists. */
export type ReceivedSupportRequest = SupportRequestRow & { shopDomain: string };

/** Every shop's requests, newest first: the sandbox's stand-in for the support desk. */
export function receivedSupportRequests(db: Db): Promise<ReceivedSupportRequest[]> {
  return allSupportRequests(db);
}
