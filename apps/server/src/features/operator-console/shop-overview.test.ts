import { CONSOLE_MESSAGES } from '@popstage/core/operator-console';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popclipDailyViews, popclips } from '../../db/schema';
import { call, createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { chargedBy, insertActiveSubscription } from '../../test/billing';
import { addStaff, signedIn } from '../../test/operator-console';
import { insertProcessedClip } from '../../test/popclips';
import { recentAudit } from '../operator';
import { ensureShop } from '../shop';

/**
 * A shop's page in the operator console (issue 18 point 3): the overview staff read when a
 * merchant writes in (plan, usage, clips, recent errors), and the plan-change proposal form.
 */
const PAGE = `/operator/shops/${SHOP_A}`;
const PLAN = 'bundle-flexible-2025-monthly';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-25T10:00:00Z'));
  await addStaff(t, ['viewer', 'support', 'admin']);
  // SHOP_A on Popclips Basic (15,000 views a month) with live, 1,234 views so far, three clips of
  // which one failed to process.
  const shop = await ensureShop(t.deps, SHOP_A);
  await insertActiveSubscription(t.deps.database.db, {
    shopId: shop.id,
    addonIds: ['addon-popclips-basic', 'addon-live-basic'],
    ...chargedBy('gid://shopify/AppSubscription/77', '79.98'),
    activatedAt: new Date('2026-11-20T10:00:00Z'),
  });
  await t.deps.database.db
    .insert(popclipDailyViews)
    .values({ shopId: shop.id, popclipId: 'clip-1', day: '2026-11-24', views: 1234 });
  for (const id of ['clip-1', 'clip-2']) {
    await insertProcessedClip(t.deps.database.db, { shopId: shop.id, id, at: t.clock.now() });
  }
  const failed = await insertProcessedClip(t.deps.database.db, {
    shopId: shop.id,
    id: 'clip-3',
    at: t.clock.now(),
    title: 'Broken upload',
    status: 'failed',
  });
  await t.deps.database.db
    .update(popclips)
    .set({ failureReason: 'The video could not be decoded' })
    .where(eq(popclips.id, failed.id));
});
afterAll(() => t.close());

/** The overview table's cell for a row heading. */
const cell = (body: string, heading: string) =>
  new RegExp(`<tr><th>${heading}</th><td>([\\s\\S]*?)</td></tr>`).exec(body)?.[1];

describe('shop overview', () => {
  it('shows the plan, the views against the limit, the clip count and the failed clip', async () => {
    const viewer = await signedIn(t, 'viewer');
    const page = await viewer.get(PAGE);
    expect(page.statusCode).toBe(200);
    expect(cell(page.body, 'Plan')).toBe(`${PLAN} · Popclips basic · popclips, live`);
    expect(cell(page.body, 'Views this period')).toBe('1,234 of 15,000');
    expect(cell(page.body, 'Popclips')).toBe('3');
    expect(cell(page.body, 'Pending plan change')).toBe('none');
    const errors = cell(page.body, 'Recent errors') ?? '';
    expect(errors).toContain('clip “Broken upload” failed: The video could not be decoded');
    expect(errors).not.toContain('clip-1');
  });

  it('says so for a shop that never opened the app', async () => {
    const viewer = await signedIn(t, 'viewer');
    const page = await viewer.get('/operator/shops/never-opened.myshopify.com');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Popstage has never been opened in this shop.');
  });
});

describe('plan-change proposals', () => {
  const propose = { planId: PLAN, addonIds: ['addon-popclips-premium', '', ''] };
  const pending = async () =>
    (await call(t, SHOP_A, 'GET', '/api/shopify/shop')).json().pendingSubscription;
  const proposals = () => recentAudit(t.deps.database.db, { target: SHOP_A, limit: 10 });

  it('is not offered to a viewer, whose proposal is refused', async () => {
    const viewer = await signedIn(t, 'viewer');
    expect((await viewer.get(PAGE)).body).not.toContain('Propose a plan change');
    const refused = await viewer.post(`${PAGE}/plan-proposals`, propose);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(CONSOLE_MESSAGES.forbidden);
    expect(await pending()).toBeNull();
    expect(await proposals()).toEqual([]);
  });

  it('lets support propose: pending for the merchant until accepted, and logged', async () => {
    const support = await signedIn(t, 'support');
    expect((await support.get(PAGE)).body).toContain('Propose a plan change');
    const noPlan = await support.post(`${PAGE}/plan-proposals`, { planId: '' });
    expect(noPlan.statusCode).toBe(400);
    const unknown = await support.post(`${PAGE}/plan-proposals`, { planId: 'no-such-plan' });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    expect(await pending()).toBeNull();
    expect(await proposals()).toEqual([]);

    const sent = await support.post(`${PAGE}/plan-proposals`, propose);
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(PAGE);
    const proposal = await pending();
    expect(proposal?.draft.lineItems.map((line: { item: { id: string } }) => line.item.id)).toEqual(
      [PLAN, 'addon-popclips-premium'],
    );
    // The active plan is unchanged until the merchant accepts.
    expect(cell((await support.get(PAGE)).body, 'Plan')).toContain('Popclips basic');
    expect(cell((await support.get(PAGE)).body, 'Pending plan change')).toMatch(/^proposed \(/);
    expect(await proposals()).toEqual([
      expect.objectContaining({
        actor: 'support@popstage.app',
        action: 'shop.plan-proposal',
        before: null,
        after: { id: proposal.id, draft: proposal.draft },
      }),
    ]);
  });

  it('lets an admin propose too, the newer proposal replacing the older for the merchant', async () => {
    const first = await pending();
    const admin = await signedIn(t, 'admin');
    t.clock.advance(1000);
    const sent = await admin.post(`${PAGE}/plan-proposals`, { planId: PLAN, addonIds: [] });
    expect(sent.statusCode).toBe(303);
    const second = await pending();
    expect(second.id).not.toBe(first.id);
    const [entry] = await proposals();
    expect(entry).toMatchObject({
      actor: 'admin@popstage.app',
      before: { id: first.id },
      after: { id: second.id },
    });
  });
});
