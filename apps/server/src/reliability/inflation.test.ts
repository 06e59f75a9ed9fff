import { LIKES_PER_ADDRESS_CLIP_DAY, VIEWS_PER_ADDRESS_CLIP_DAY } from '@popstage/core/storefront';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { popclipDailyViews, popclipLikes, type ShopRow } from '../db/schema';
import { ensureShop } from '../features/shop';
import { createTestApp, SHOP_A, type TestApp } from '../test/app';
import { clipWithMedia } from '../test/compliance';
import { signedVisitor } from '../test/visitor';

/**
 * Finding: the visitor id is the client's choice and views were deduped per visitor and clip
 * only, so one IP added 100 views and 100 likes per clip in 0.75 s. Now each client address adds
 * at most the daily cap per clip, known bots add nothing, honest visitors count exactly, and a
 * flood is answered 429 while every accepted event is stored.
 */
let t: TestApp;
let shop: ShopRow;
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '400' });
  shop = await ensureShop(t.deps, SHOP_A);
  for (const id of ['pumped', 'honest', 'crawled', 'flooded']) await clipWithMedia(t, shop, id);
});
afterAll(() => t.close());

function send(clipId: string, visitorId: string, ip: string, userAgent = BROWSER) {
  return t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${SHOP_A}/events`,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
    payload: {
      visitorId: signedVisitor(SHOP_A, visitorId),
      events: [
        { type: 'view', clipId },
        { type: 'like', clipId },
      ],
    },
  });
}

async function counts(clipId: string) {
  const [views] = await t.deps.database.db
    .select({ n: sql<number>`coalesce(sum(${popclipDailyViews.views}), 0)::int` })
    .from(popclipDailyViews)
    .where(and(eq(popclipDailyViews.shopId, shop.id), eq(popclipDailyViews.popclipId, clipId)));
  const [likes] = await t.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(popclipLikes)
    .where(and(eq(popclipLikes.shopId, shop.id), eq(popclipLikes.clipId, clipId)));
  return { views: Number(views?.n), likes: Number(likes?.n) };
}

describe('views and likes', () => {
  it('one address inventing 100 visitor ids adds only its daily cap', async () => {
    for (let i = 0; i < 100; i++) await send('pumped', `made-up-${i}`, '198.51.100.7');
    expect(await counts('pumped')).toEqual({
      views: VIEWS_PER_ADDRESS_CLIP_DAY,
      likes: LIKES_PER_ADDRESS_CLIP_DAY,
    });
  });

  it('honest visitors, one per address, are counted exactly', async () => {
    for (let i = 0; i < 60; i++) await send('honest', `shopper-${i}`, `203.0.113.${i + 1}`);
    // The same shoppers again within the dedupe window: nothing more.
    for (let i = 0; i < 60; i++) await send('honest', `shopper-${i}`, `203.0.113.${i + 1}`);
    expect(await counts('honest')).toEqual({ views: 60, likes: 60 });
  });

  it('known bots and HTTP tools count nothing', async () => {
    const agents = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.5.0',
      'python-requests/2.31.0',
    ];
    for (const [i, agent] of agents.entries()) {
      const res = await send('crawled', `bot-${i}`, `192.0.2.${i + 1}`, agent);
      expect(res.json()).toMatchObject({ accepted: 0 });
    }
    expect(await counts('crawled')).toEqual({ views: 0, likes: 0 });
  });

  it('a flood from one address gets 429, and every accepted event is stored', async () => {
    const answers = await Promise.all(
      Array.from({ length: 450 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/storefront/v1/shops/${SHOP_A}/events`,
          remoteAddress: '198.51.100.99',
          headers: { 'user-agent': BROWSER },
          payload: {
            visitorId: signedVisitor(SHOP_A, `flood-${i}`),
            events: [{ type: 'click', clipId: 'flooded' }],
          },
        }),
      ),
    );
    const accepted = answers.filter((res) => res.statusCode === 202);
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(accepted.length + limited.length).toBe(450);
    expect(limited.length).toBeGreaterThan(0);
    const [stored] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from storefront_events
          where shop_id = ${shop.id} and clip_id = 'flooded' and type = 'click'`,
    );
    expect(Number(stored?.n)).toBe(accepted.length);
  });
});
