import { ACCOUNT_MESSAGES, normaliseEmail, type StoreAccountWire } from '@popstage/core/account';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { ensureShop } from '../shop';
import { CREATE_STORE_ACCOUNT_JOB } from './store-account-job';
import {
  emailUsedElsewhere,
  findStoreAccount,
  requestStoreAccount,
  type StoreAccountRow,
} from './store-account-store';

type Deps = Pick<AppDeps, 'database' | 'platform' | 'queue' | 'clock'>;

/** GET connections/commentsold: what the admin polls while the job runs. */
export async function readStoreAccount(deps: Deps, shopDomain: string): Promise<StoreAccountWire> {
  const shop = await ensureShop(deps, shopDomain);
  return storeAccountWire(shop, await findStoreAccount(deps.database.db, shop.id));
}

/**
 * POST connections/commentsold { email }: records the request and queues the creation job.
 * Once created the account is final and a repeat answers it unchanged; while pending the
 * e-mail can be corrected (and the job is queued again, which is harmless: it is idempotent).
 */
export async function createStoreAccount(
  deps: Deps,
  shopDomain: string,
  email: string,
): Promise<StoreAccountWire> {
  const shop = await ensureShop(deps, shopDomain);
  const { db } = deps.database;
  const existing = await findStoreAccount(db, shop.id);
  if (existing?.status === 'created') return storeAccountWire(shop, existing);
  const emailNormalised = normaliseEmail(email);
  if (await emailUsedElsewhere(db, shop.id, emailNormalised)) {
    throw new HttpError(409, ACCOUNT_MESSAGES.emailInUse);
  }
  const account = await requestStoreAccount(db, {
    shopId: shop.id,
    email: email.trim(),
    emailNormalised,
    requestedAt: deps.clock.now(),
  });
  if (!account) throw new HttpError(409, ACCOUNT_MESSAGES.emailInUse);
  if (account.status === 'pending') {
    try {
      await deps.queue.send(CREATE_STORE_ACCOUNT_JOB, { shopId: shop.id });
    } catch {
      // The row stays pending: the next POST queues the job again.
      throw new HttpError(503, ACCOUNT_MESSAGES.storeAccountFailed);
    }
  }
  return storeAccountWire(shop, account);
}

/** POST connections/commentsold/check-email: free unless another shop's account uses it. */
export async function isEmailAvailable(
  deps: Deps,
  shopDomain: string,
  email: string,
): Promise<boolean> {
  const shop = await ensureShop(deps, shopDomain);
  return !(await emailUsedElsewhere(deps.database.db, shop.id, normaliseEmail(email)));
}

function storeAccountWire(shop: ShopRow, account: StoreAccountRow | undefined): StoreAccountWire {
  return {
    created: account?.status === 'created',
    // The merchant's dashboard is the seller's go-live dashboard, known once that account exists.
    dashboardUrl: shop.dashboardUrl,
    email: account?.email ?? null,
  };
}
