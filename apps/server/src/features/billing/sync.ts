import type { AppDeps } from '../../deps';
import { ensureShop, withShopLock } from '../shop';
import {
  endSubscriptions,
  type SubscriptionRow,
  subscriptionsOf,
  updateSubscription,
} from './subscription-store';

/**
 * Brings the shop's subscriptions in line with what the platform reports as active
 * (currentAppInstallation.activeSubscriptions). The return from the approval page, the sandbox's
 * Approve button and the APP_SUBSCRIPTIONS_UPDATE webhook all land here, and running it twice
 * changes nothing the second time: the payload of a webhook is never trusted, only this re-read.
 */
export async function syncShopSubscriptions(
  deps: AppDeps,
  shopDomain: string,
): Promise<{ approved: boolean }> {
  const shop = await ensureShop(deps, shopDomain);
  const platformActive = await deps.platform.activeAppSubscriptions(shopDomain);
  const activeOnPlatform = new Set(
    platformActive.filter((s) => s.status === 'ACTIVE').map((s) => s.id),
  );
  return withShopLock(deps.database.db, shop.id, async (tx) => {
    const rows = await subscriptionsOf(tx, shop.id);
    const now = deps.clock.now();
    // Newest first: the newest approved charge wins, older active ones are replaced by it.
    const approved = rows.find(
      (row) => row.status === 'PENDING' && isOnPlatform(row, activeOnPlatform),
    );
    const currentActive = rows.filter((row) => row.status === 'ACTIVE');
    if (approved) {
      // The live fee is billed under the charge's usage line item (live-fees.ts).
      const usage = platformActive.find((s) => s.id === approved.platformSubscriptionId)?.usage;
      await updateSubscription(tx, approved.id, {
        status: 'ACTIVE',
        activatedAt: now,
        usageLineItemId: usage?.lineItemId ?? null,
      });
      await endSubscriptions(
        tx,
        currentActive.map((row) => row.id),
        'REPLACED',
        now,
      );
      await endSubscriptions(tx, unfinishedBefore(rows, approved), 'CANCELLED', now);
      return { approved: true };
    }
    // A paid subscription the platform no longer lists was cancelled, frozen or expired there.
    const lapsed = currentActive.filter(
      (row) => !row.isStub && !isOnPlatform(row, activeOnPlatform),
    );
    await endSubscriptions(
      tx,
      lapsed.map((row) => row.id),
      'CANCELLED',
      now,
    );
    return { approved: false };
  });
}

/**
 * The merchant's purchases older than the approved one whose charge was never stored: the
 * process died between Shopify creating the charge and recording it (failpoint
 * `billing.after-charge`). Nobody ever got their approval link (Shopify's AppSubscription has no
 * confirmationUrl to read back), so they can never become active; left PENDING they would stay so
 * for good. A proposal by Popstage stays: its charge is created when the merchant accepts it.
 */
function unfinishedBefore(rows: SubscriptionRow[], approved: SubscriptionRow): string[] {
  return rows
    .filter(
      (row) =>
        row.status === 'PENDING' &&
        row.origin === 'merchant' &&
        !row.isStub &&
        row.platformSubscriptionId === null &&
        row.createdAt < approved.createdAt,
    )
    .map((row) => row.id);
}

function isOnPlatform(row: SubscriptionRow, activeOnPlatform: Set<string>): boolean {
  return row.platformSubscriptionId !== null && activeOnPlatform.has(row.platformSubscriptionId);
}
