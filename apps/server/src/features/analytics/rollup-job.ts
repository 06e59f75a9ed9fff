import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { defineJob } from '../../jobs/job';
import { shopTimeZone } from './insights';
import { rollUpShop, shopsToRollUp } from './rollup-store';

/** Keeps the Insights rollups (docs/decisions.md "Insights (issue 15)"). */
export const ROLLUP_JOB = 'analytics.rollup';
/** Every minute: a dashboard call takes in what is pending anyway, so this bounds its work. */
export const ROLLUP_SCHEDULE = '* * * * *';
/** Shops per run and passes per shop (2,000 hours each): a backlog is finished by later runs. */
const SHOPS_PER_RUN = 200;
const PASSES_PER_SHOP = 10;

/** Rolls up every shop with pending hours; answers the hours taken in. */
export async function runRollups(context: Parameters<typeof shopTimeZone>[0]): Promise<number> {
  const db = context.database.db;
  let hours = 0;
  for (const shopId of await shopsToRollUp(db, SHOPS_PER_RUN)) {
    const [shop] = await queryRows<{ id: string; shopify_domain: string }>(
      db,
      sql`select id, shopify_domain from shops where id = ${shopId}::uuid`,
    );
    if (!shop) continue;
    const timeZone = await shopTimeZone(context, {
      id: shop.id,
      shopifyDomain: shop.shopify_domain,
    });
    for (let pass = 0; pass < PASSES_PER_SHOP; pass++) {
      const done = await rollUpShop(db, shopId, timeZone);
      hours += done.hours;
      if (done.hours === 0) break;
    }
  }
  return hours;
}

export const rollupJob = defineJob<Record<string, never>>({
  name: ROLLUP_JOB,
  retryLimit: 3,
  expireInSeconds: 15 * 60,
  schedule: ROLLUP_SCHEDULE,
  handler: async (_data, context) => {
    await runRollups(context);
  },
});
