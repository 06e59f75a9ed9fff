import { LIVE_MESSAGES } from '@popstage/core/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPayload, verifyPhone } from '../../test/account';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { insertSubscription } from '../../test/billing';
import { findPopclipsByMetaIds } from '../popclips';
import { ensureShop } from '../shop';

const SHOWS = '/api/live/shows';
let t: TestApp;
let sellerId = '';
let productIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-25T10:00:00Z'));
  // SHOP_A: live basic (4 shows a month) and its seller account.
  const shop = await ensureShop(t.deps, SHOP_A);
  await insertSubscription(t.deps.database.db, {
    shopId: shop.id,
    draftId: shop.id,
    planId: 'bundle-flexible-2025-monthly',
    addonIds: ['addon-popclips-free-2025', 'addon-live-basic'],
    status: 'ACTIVE',
    isStub: false,
    platformSubscriptionId: 'gid://shopify/AppSubscription/55',
    lineItems: [],
    subtotal: '49.99',
    total: '49.99',
    currencyCode: 'USD',
    activatedAt: t.clock.now(),
  });
  const verification = await verifyPhone(t, SHOP_A, '+15553339001');
  const created = await t.asShop(
    SHOP_A,
    'POST',
    '/api/shopify/shop/psl-account',
    sellerPayload(SHOP_A, verification),
  );
  expect(created.statusCode, created.body).toBe(200);
  sellerId = created.json().data.sellerId;
  const products = await t.deps.platform.listProducts(SHOP_A, { first: 2 });
  productIds = products.nodes.map((p) => p.id);
});
afterAll(() => t.close());

const schedule = (title: string, startsAt: string, products: string[] = []) =>
  t.asShop(SHOP_A, 'POST', SHOWS, { title, startsAt, productIds: products });

describe('live shows', () => {
  it('refuses a shop without the live add-on', async () => {
    const res = await t.asShop(SHOP_B, 'GET', SHOWS);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LIVE_MESSAGES.needsLive);
  });

  it('keeps to the plan’s events per month, counted in the month the show starts', async () => {
    for (const day of ['01', '08', '15', '22']) {
      expect((await schedule(`December ${day}`, `2026-12-${day}T18:00:00Z`)).statusCode).toBe(201);
    }
    const fifth = await schedule('One too many', '2026-12-29T18:00:00Z');
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json().message).toBe(LIVE_MESSAGES.monthFull(4));
    expect((await schedule('January', '2027-01-05T18:00:00Z')).statusCode).toBe(201);
    const past = await schedule('Yesterday', '2026-11-24T18:00:00Z');
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(LIVE_MESSAGES.startsInPast);
    expect((await schedule(' ', '2026-12-02T18:00:00Z')).statusCode).toBe(400);

    const list = (await t.asShop(SHOP_A, 'GET', SHOWS)).json().data;
    expect(list.upcoming.map((s: { title: string }) => s.title)).toEqual([
      'December 01',
      'December 08',
      'December 15',
      'December 22',
      'January',
    ]);
    expect(list).toMatchObject({ replays: [], eventsThisMonth: 0, eventsPerMonth: 4 });
  });

  it('turns a replay segment into a Popclip tagged with the show’s products', async () => {
    const show = (await schedule('Today', '2026-11-25T11:00:00Z', productIds)).json().data;
    t.clock.set(new Date('2026-11-25T11:00:00Z'));
    // The seller's buttons on the sandbox live dashboard.
    const dashboard = `/sandbox/live/${sellerId}`;
    const press = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `${dashboard}/shows/${show.id}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    expect((await press('go-live')).statusCode).toBe(303);
    const onAir = await t.app.inject({ method: 'GET', url: dashboard });
    expect(onAir.body).toContain('On air: Today');
    expect(onAir.body).toContain('aria-label="Test pattern stream"');
    t.clock.advance(20_000);
    expect((await press('end')).statusCode).toBe(303);

    const list = (await t.asShop(SHOP_A, 'GET', SHOWS)).json().data;
    expect(list.replays).toEqual([
      expect.objectContaining({
        id: show.id,
        status: 'ended',
        replay: {
          durationSeconds: 20,
          expiresAt: '2026-02-25T11:00:20.000Z'.replace('2026-02', '2027-02'),
        },
      }),
    ]);

    const url = `${SHOWS}/${show.id}/popclip`;
    const tooLong = await t.asShop(SHOP_A, 'POST', url, {
      title: 'x',
      startSeconds: 10,
      endSeconds: 25,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(LIVE_MESSAGES.segment);
    expect(
      (
        await t.asShop(SHOP_A, 'POST', `${SHOWS}/show_nope/popclip`, {
          title: 'x',
          startSeconds: 0,
          endSeconds: 5,
        })
      ).statusCode,
    ).toBe(404);

    const made = await t.asShop(SHOP_A, 'POST', url, {
      title: 'Best moment',
      startSeconds: 4,
      endSeconds: 10,
    });
    expect(made.statusCode, made.body).toBe(202);
    await t.runJobs();
    const shop = await ensureShop(t.deps, SHOP_A);
    const [clip] = await findPopclipsByMetaIds(t.deps.database.db, shop.id, [
      made.json().data.metaIdentifier,
    ]);
    expect(clip).toMatchObject({ title: 'Best moment', status: 'processed' });
    expect(clip?.durationSeconds).toBeCloseTo(6, 0);
    expect(clip?.products.map((p) => p.shopifyProductId)).toEqual(productIds);
  }, 120_000);
});
