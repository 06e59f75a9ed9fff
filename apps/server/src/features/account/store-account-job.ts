import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { shops, storeAccounts } from '../../db/schema';
import { defineJob } from '../../jobs/job';

export const CREATE_STORE_ACCOUNT_JOB = 'account.create-store-account';

/**
 * Creates the core store account: asynchronous like the real service, so the admin polls.
 * Idempotent (a retried or duplicate job finds the account created and stops); the account and
 * the shop's csStoreCreated/csToken change in one transaction.
 */
export const createStoreAccountJob = defineJob<{ shopId: string }>({
  name: CREATE_STORE_ACCOUNT_JOB,
  retryLimit: 5,
  handler: async ({ shopId }, { database, clock, secrets }) => {
    await database.db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(storeAccounts)
        .where(eq(storeAccounts.shopId, shopId))
        .for('update');
      if (!account || account.status === 'created') return;
      await tx
        .update(storeAccounts)
        .set({ status: 'created', createdAt: clock.now() })
        .where(eq(storeAccounts.shopId, shopId));
      const [shop] = await tx
        .select({ csToken: shops.csToken })
        .from(shops)
        .where(eq(shops.id, shopId));
      await tx
        .update(shops)
        .set({
          csStoreCreated: true,
          // The store account's API token (the Shop entity's csToken), encrypted at rest.
          csToken: shop?.csToken ?? secrets.encrypt(`cst_${randomBytes(24).toString('base64url')}`),
        })
        .where(eq(shops.id, shopId));
    });
  },
});
