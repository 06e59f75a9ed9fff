import { parseGatingWire } from '@popstage/core/billing';
import { creationBlockedMessage } from '@popstage/core/popclips';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import { call, createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { csUpload, someProducts, subscribe } from '../../test/popclips';
import { signedVisitor } from '../../test/visitor';
import { ensureShop } from '../shop';
import { viewLimitsJob } from './view-limit-job';

let t: TestApp;
let shop: ShopRow;
let clipId: string;

const gating = async () =>
  (await call(t, SHOP_A, 'GET', '/api/shopify/shop/popclips/gating')).json().data;
const stored = async () =>
  (
    await queryRows<{ limit_access: boolean; max_views: number }>(
      t.deps.database.db,
      sql`select limit_access, max_views from popclip_view_limits where shop_id = ${shop.id}`,
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  shop = await ensureShop(t.deps, SHOP_A);
  clipId = (await csUpload(t, SHOP_A, { size: 1000 })).clip.metaIdentifier as string;
  await t.deps.database.db.execute(sql`update popclips set status = 'processed'`);
  const day = t.clock.now().toISOString().slice(0, 10);
  await t.deps.database.db.execute(
    sql`insert into popclip_daily_views (shop_id, popclip_id, day, views)
        values (${shop.id}, ${clipId}, ${day}::date, 998)`,
  );
});
afterAll(() => t.close());

describe('view limit', () => {
  it('is stored when an ingest crosses the limit, and blocks creation', async () => {
    const post = (visitorId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/storefront/v1/shops/${SHOP_A}/events`,
        payload: {
          visitorId: signedVisitor(SHOP_A, visitorId),
          events: [{ type: 'view', clipId }],
        },
      });
    expect((await post('v1')).json()).toMatchObject({ accepted: 1 });
    // The first ingest of a shop without a stored state queues the check.
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual({ limit_access: false, max_views: 1000 });
    expect((await post('v2')).json()).toMatchObject({ accepted: 1 });
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual({ limit_access: true, max_views: 1000 });

    const answer = await gating();
    expect(answer).toMatchObject({ max_views: '1,000', total_views: 1000, limit_access: true });
    const blocked = await call(t, SHOP_A, 'POST', '/api/media/csUpload', {
      fileName: 'x.mp4',
      fileMeta: { size: 1000, type: 'video/mp4' },
      metaData: { videoTitle: 'Blocked', products: await someProducts(t, SHOP_A), featured: false },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(creationBlockedMessage(parseGatingWire(answer)));
    // The storefront keeps playing and counting (decisions: over the limit).
    const feed = await t.app.inject({ method: 'GET', url: `/storefront/v1/shops/${SHOP_A}/feed` });
    expect(feed.statusCode).toBe(200);
    expect((await post('v3')).json()).toMatchObject({ accepted: 1 });
  });

  it('is cleared by a plan with a higher limit (the scheduled run)', async () => {
    await subscribe(t, SHOP_A, 'addon-popclips-basic');
    expect(await gating()).toMatchObject({ max_views: '15,000', limit_access: false });
    await viewLimitsJob.handler({}, t.deps);
    expect(await stored()).toEqual({ limit_access: false, max_views: 15000 });
  });

  it('restarts the count at an upgrade: views from before it, that day too, are not counted', async () => {
    // The views above (998 rolled up, 3 ingested) were all received before this upgrade.
    t.clock.advance(60_000);
    await subscribe(t, SHOP_A, 'addon-popclips-premium');
    t.clock.advance(60_000);
    const after = await gating();
    expect(after.start_date_of_views_count).not.toBe(new Date(0).toISOString());
    expect(after.total_views).toBe(0);
    const view = await t.app.inject({
      method: 'POST',
      url: `/storefront/v1/shops/${SHOP_A}/events`,
      payload: { visitorId: signedVisitor(SHOP_A, 'v-after'), events: [{ type: 'view', clipId }] },
    });
    expect(view.json()).toMatchObject({ accepted: 1 });
    expect((await gating()).total_views).toBe(1);
  });
});
