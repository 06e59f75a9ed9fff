import { ACCOUNT_MESSAGES, normaliseEmail } from '@popstage/core/account';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { CREATE_STORE_ACCOUNT_JOB } from './store-account-job';
import {
  emailUsedElsewhere,
  findStoreAccount,
  requestStoreAccount,
  type StoreAccountRow,
} from './store-account-store';

type Deps = Pick<AppDeps, 'database' | 'queue' | 'clock'>;

/** The shop's core store account, once requested (the app load, the support widget). */
export function storeAccountOf(db: Db, shopId: string): Promise<StoreAccountRow | undefined> {
  return findStoreAccount(db, shopId);
}

/** GET connections/commentsold: what the admin polls while the job runs. */
export async function readStoreAccount(
  deps: Pick<AppDeps, 'database'>,
  tenant: Pick<Tenant, 'shop'>,
): Promise<StoreAccountRow | undefined> {
  return findStoreAccount(deps.database.db, tenant.shop.id);
}

/**
 * POST connections/commentsold { email }: records the request and queues the creation job.
 * Once created the account is final and a repeat answers it unchanged; while pending the
 * e-mail can be corrected (and the job is queued again, which is harmless: it is idempotent).
 */
export async function createStoreAccount(
  deps: Deps,
  tenant: Pick<Tenant, 'shop'>,
  email: string,
): Promise<StoreAccountRow> {
  const { shop } = tenant;
  const { db } = deps.database;
  const existing = await findStoreAccount(db, shop.id);
  if (existing?.status === 'created') return existing;
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
  return account;
}

/** POST connections/commentsold/check-email: free unless another shop's account uses it. */
export async function isEmailAvailable(
  deps: Pick<AppDeps, 'database'>,
  tenant: Pick<Tenant, 'shop'>,
  email: string,
): Promise<boolean> {
  return !(await emailUsedElsewhere(deps.database.db, tenant.shop.id, normaliseEmail(email)));
}
