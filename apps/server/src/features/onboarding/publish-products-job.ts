import { eq } from 'drizzle-orm';
import { shops } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { defineJob } from '../../jobs/job';

export const PUBLISH_PRODUCTS_JOB = 'onboarding.publish-products';

interface PublishProductsData {
  shopId: string;
}

/**
 * The wizard's step 2 (spec 01 §2.11): publishes every active product of the shop to the app's
 * publication (publishablePublish), which is what the branded app sells from. A job: a large
 * catalogue is many batches, each waiting on Shopify's query-cost bucket. Idempotent (only
 * products not yet on the publication are published), so a retry picks up where it stopped; the
 * step completes as soon as the first batch lands (published count above 0).
 */
export const publishProductsJob = defineJob<PublishProductsData>({
  name: PUBLISH_PRODUCTS_JOB,
  retryLimit: 5,
  // A killed worker's run is retried within minutes, however long a big catalogue takes.
  heartbeatSeconds: 60,
  expireInSeconds: 2 * 60 * 60,
  handler: async ({ shopId }, { database, platform }) => {
    const [shop] = await database.db.select().from(shops).where(eq(shops.id, shopId));
    // Uninstalled since: no token to publish with; the merchant asks again after reinstalling.
    if (!shop || shop.uninstalledAt !== null) return;
    await platform.publishProducts(shop.shopifyDomain);
  },
});

/**
 * Queues the publication for the shop. While one is queued and not started, a second click
 * updates it instead of adding another (an upsert on the shop's key).
 */
export async function queuePublishProducts(
  deps: Pick<AppDeps, 'queue'>,
  shopId: string,
): Promise<void> {
  await deps.queue.upsert(PUBLISH_PRODUCTS_JOB, { shopId } satisfies PublishProductsData, {
    singletonKey: shopId,
  });
}
