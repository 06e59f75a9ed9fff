import { VIEWS_PER_SITE_DAY, VISITORS_PER_SITE_HOUR } from '@popstage/core/storefront';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popclipDailyViews, type ShopRow } from '../db/schema';
import { ensureShop } from '../features/shop';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../test/app';
import { clipWithMedia } from '../test/compliance';

/**
 * Issue 28: caps keyed by /64 for IPv6 and bounded per /48. Visitor ids were limited per /64
 * only (120 an hour), so one /48 (65,536 /64s) could mint millions of them an hour. Now a site
 * (an IPv6 /48, an IPv4 address) is issued at most VISITORS_PER_SITE_HOUR ids per shop an hour,
 * and an hour of attack from one /48 leaves a free shop far from its monthly views.
 */
let t: TestApp;
let shop: ShopRow;
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CLIPS = Array.from({ length: 4 }, (_, i) => `site-${i}`);

beforeAll(async () => {
  // Neither the per-minute request limit nor the per-address id limit is what is tested here.
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '100000' });
  shop = await ensureShop(t.deps, SHOP_A);
  await ensureShop(t.deps, SHOP_B);
  for (const id of CLIPS) await clipWithMedia(t, shop, id);
});
afterAll(() => t.close());

const issue = (ip: string, shopDomain = SHOP_A) =>
  t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${shopDomain}/visitors`,
    remoteAddress: ip,
  });

async function countedViews(): Promise<number> {
  const [counted] = await t.deps.database.db
    .select({ n: sql<number>`coalesce(sum(${popclipDailyViews.views}), 0)::int` })
    .from(popclipDailyViews)
    .where(and(eq(popclipDailyViews.shopId, shop.id), inArray(popclipDailyViews.popclipId, CLIPS)));
  return Number(counted?.n);
}

/** The n-th /64 of a /48 (one address in it). */
const inSite = (site: string, n: number, host = 1) => `${site}:${n.toString(16)}::${host}`;

describe('visitor ids per /48', () => {
  it('many /64s of one /48 are issued at most the site bound an hour, other sites and shops are not', async () => {
    const site = '2001:db8:480';
    const codes: number[] = [];
    // One id from each of 1,100 /64s: each /64 is far under its own allowance (120).
    for (let n = 0; n < VISITORS_PER_SITE_HOUR + 100; n++) {
      codes.push((await issue(inSite(site, n))).statusCode);
    }
    expect(codes.filter((code) => code === 201)).toHaveLength(VISITORS_PER_SITE_HOUR);
    expect(codes.slice(VISITORS_PER_SITE_HOUR).every((code) => code === 429)).toBe(true);
    const refused = await issue(inSite(site, 0xfff0));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many new visitors from this network; try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another /48, and the same /48 for another shop, are bounded apart.
    expect((await issue('2001:db8:481:1::1')).statusCode).toBe(201);
    expect((await issue(inSite(site, 1), SHOP_B)).statusCode).toBe(201);
  });
});

describe('an hour of attack from one /48', () => {
  it('cannot lock a free shop out: it mints bounded ids and adds at most the site views a day', async () => {
    const gating = async () =>
      (await call(t, SHOP_A, 'GET', '/api/shopify/shop/popclips/gating')).json().data;
    expect(await gating()).toMatchObject({ max_views: '1,000', limit_access: false });
    const site = '2001:db8:482';
    const days = new Set<string>();
    let minted = 0;
    // Rounds 31 minutes apart (the view dedupe's window) within the hour: every /64 of 256 asks
    // for ids until refused, and every id it gets views every clip.
    for (const round of [0, 1]) {
      days.add(t.clock.now().toISOString().slice(0, 10));
      for (let net = 0; net < 256; net++) {
        const ip = inSite(site, net, round + 1);
        for (let k = 0; k < 4; k++) {
          const answer = await issue(ip);
          if (answer.statusCode !== 201) {
            expect(answer.statusCode).toBe(429);
            break;
          }
          minted += 1;
          const { visitorId } = answer.json<{ visitorId: string }>();
          const sent = await t.app.inject({
            method: 'POST',
            url: `/storefront/v1/shops/${SHOP_A}/events`,
            remoteAddress: ip,
            headers: { 'user-agent': BROWSER },
            payload: { visitorId, events: CLIPS.map((clipId) => ({ type: 'view', clipId })) },
          });
          expect(sent.statusCode).toBe(202);
        }
      }
      t.clock.advance(31 * 60_000);
    }
    // 2,048 ids asked for, 4,000 views on offer (4 times the free limit): the site got its hour's
    // ids and at most its day's views.
    expect(minted).toBe(VISITORS_PER_SITE_HOUR);
    await t.runJobs();
    const views = await countedViews();
    // The site bound is per UTC day: a run across midnight may add one more day's worth.
    expect(views).toBeLessThanOrEqual(VIEWS_PER_SITE_DAY * days.size);
    expect(views).toBeGreaterThan(0);
    expect(await gating()).toMatchObject({ limit_access: false });
    // A shopper of another network still gets an id and her view counts.
    const shopper = (await issue('192.0.2.48')).json<{ visitorId: string }>().visitorId;
    const viewed = await t.app.inject({
      method: 'POST',
      url: `/storefront/v1/shops/${SHOP_A}/events`,
      remoteAddress: '192.0.2.48',
      headers: { 'user-agent': BROWSER },
      payload: { visitorId: shopper, events: [{ type: 'view', clipId: 'site-0' }] },
    });
    expect(viewed.json()).toMatchObject({ accepted: 1 });
    await t.runJobs();
    expect(await countedViews()).toBe(views + 1);
  }, 300_000);
});
