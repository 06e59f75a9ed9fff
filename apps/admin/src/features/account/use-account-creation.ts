import {
  ACCOUNT_MESSAGES,
  buildSellerPayload,
  type PhoneVerificationWire,
} from '@popstage/core/account';
import type { Shop } from '@popstage/core/shop';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { invalidateShop, refetchShop } from '../../app/shop/shop-query';
import { useApi } from '../../lib/api/ApiContext';
import type { ApiClient } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';
import { createSellerAccount, createStoreAccount, readStoreAccount } from './data';
import { pollStoreAccount, wait } from './store-account-poll';

/** The checkmark shows this long before the shop is reloaded (spec 01 §4). */
export const SUCCESS_PAUSE_MS = 2000;

export type CreationOutcome =
  /** The checkmark is up; the shop reload follows. */
  | { kind: 'created' }
  /** Toast shown; the merchant stays (or is sent back to create account when `restart`). */
  | { kind: 'failed'; restart: boolean };

interface Callbacks {
  /** Called as soon as both accounts exist, before the 2 s pause. */
  onCreated(): void;
}

/**
 * What follows a verified phone (spec 01 §4): the core store account (unless it exists, then its
 * e-mail is read back), polled until the job has made it, then the live-selling seller account,
 * then a checkmark, and 2 s later a shop reload whose flags move the guards on.
 */
export function useAccountCreation() {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const queryClient = useQueryClient();

  return useCallback(
    async (
      verification: PhoneVerificationWire,
      email: string | null,
      { onCreated }: Callbacks,
    ): Promise<CreationOutcome> => {
      const fail = (message: string, restart = false): CreationOutcome => {
        host.showToast(message, { error: true });
        // The store account may exist by now; the create page should know it.
        void invalidateShop(queryClient);
        return { kind: 'failed', restart };
      };

      const storeEmail = await ensureStoreAccount(api, shop, email);
      if (!storeEmail.ok) return fail(storeEmail.message, storeEmail.restart);

      try {
        await createSellerAccount(
          api,
          buildSellerPayload({
            uid: verification.uid,
            phoneNumber: verification.phone,
            email: storeEmail.email,
            ownerName: shop.ownerName,
            shopifyDomain: shop.shopifyDomain,
            storeName: shop.shopName,
          }),
        );
      } catch (error) {
        // A conflict names what is taken; anything else is the platform failing.
        const conflict = error instanceof ApiError && error.status === 409;
        return fail(conflict ? error.message : ACCOUNT_MESSAGES.sellerAccountFailed, true);
      }

      onCreated();
      await wait(SUCCESS_PAUSE_MS);
      try {
        await refetchShop(queryClient, { throwOnError: true });
      } catch {
        return fail(ACCOUNT_MESSAGES.refreshAndRetry);
      }
      return { kind: 'created' };
    },
    [api, host, shop, queryClient],
  );
}

type StoreEmail = { ok: true; email: string } | { ok: false; message: string; restart: boolean };

async function ensureStoreAccount(
  api: ApiClient,
  shop: Pick<Shop, 'csStoreCreated'>,
  email: string | null,
): Promise<StoreEmail> {
  if (shop.csStoreCreated) {
    const existing = await readStoreAccount(api).catch(() => null);
    return existing?.email
      ? { ok: true, email: existing.email }
      : { ok: false, message: ACCOUNT_MESSAGES.createFailed, restart: false };
  }
  // The e-mail comes from the create page; without it the form must be filled again.
  if (!email) return { ok: false, message: ACCOUNT_MESSAGES.createFailed, restart: true };
  try {
    const answer = await createStoreAccount(api, email);
    if (answer.created && answer.email) return { ok: true, email: answer.email };
  } catch (error) {
    const taken = error instanceof ApiError && error.status === 409;
    return taken
      ? { ok: false, message: error.message, restart: true }
      : { ok: false, message: ACCOUNT_MESSAGES.storeAccountFailed, restart: false };
  }
  const created = await pollStoreAccount(api);
  return created
    ? { ok: true, email: created.email ?? email }
    : { ok: false, message: ACCOUNT_MESSAGES.creationError, restart: false };
}
