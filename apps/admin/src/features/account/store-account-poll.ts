import {
  STORE_ACCOUNT_POLL_MS,
  STORE_ACCOUNT_POLL_TRIES,
  type StoreAccountWire,
} from '@popstage/core/account';
import type { ApiClient } from '../../lib/api/client';
import { readStoreAccount } from './data';

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The core store account is created by a background job: ask every 2 s, at most 20 times
 * (spec 01 §4, §9). A failed read counts as a try, so a flaky network cannot loop forever.
 * Resolves with the created account, or null when it never came.
 */
export async function pollStoreAccount(api: ApiClient): Promise<StoreAccountWire | null> {
  for (let attempt = 1; attempt <= STORE_ACCOUNT_POLL_TRIES; attempt++) {
    await wait(STORE_ACCOUNT_POLL_MS);
    const account = await readStoreAccount(api).catch(() => null);
    if (account?.created) return account;
  }
  return null;
}
