import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SHOP, OTHER_SHOP } from './shop-definitions';
import { storeRefusal } from './test-database';
import type { CreateAppSubscriptionInput } from './types';
import { useSeededTestStore } from './use-seeded-store';

const BASE_URL = 'http://localhost:3000/';
const DAY_MS = 24 * 60 * 60 * 1000;

const input = (
  overrides: Partial<CreateAppSubscriptionInput> = {},
): CreateAppSubscriptionInput => ({
  name: 'Popclips Growth',
  price: { amount: '29.99', currencyCode: 'USD' },
  returnUrl: 'http://localhost:3000/billing/return?shop=demo-store.myshopify.com',
  test: true,
  replacementBehavior: 'APPLY_IMMEDIATELY',
  ...overrides,
});

const numericId = (gid: string) => Number(gid.split('/').at(-1));

const t = useSeededTestStore(BASE_URL);

beforeEach(async () => {
  await t.store.resetShop(DEMO_SHOP);
  await t.store.resetShop(OTHER_SHOP);
});

describe('sandbox billing', () => {
  it('creates a pending charge with a confirmation page and numeric GID', async () => {
    const { subscription, confirmationUrl } = await t.store.createAppSubscription(
      DEMO_SHOP,
      input({ discount: { percentage: 0.2, durationLimitInIntervals: 3 } }),
    );
    expect(subscription).toMatchObject({
      name: 'Popclips Growth',
      status: 'PENDING',
      test: true,
      currentPeriodEnd: null,
      price: { amount: '29.99', currencyCode: 'USD' },
      discount: { percentage: 0.2, amount: null },
    });
    expect(subscription.id).toMatch(/^gid:\/\/shopify\/AppSubscription\/\d+$/);
    expect(confirmationUrl).toBe(
      `http://localhost:3000/sandbox/billing/confirm/${numericId(subscription.id)}`,
    );
    expect(await t.store.activeAppSubscriptions(DEMO_SHOP)).toEqual([]);
  });

  it.each<[string, Partial<CreateAppSubscriptionInput>]>([
    ['a float-looking amount', { price: { amount: '29.999', currencyCode: 'USD' } }],
    ['a zero amount', { price: { amount: '0', currencyCode: 'USD' } }],
    ['a bad currency', { price: { amount: '1.00', currencyCode: 'usd' } }],
    ['a non-http return URL', { returnUrl: 'javascript:alert(1)' }],
    ['a discount with both values', { discount: { percentage: 0.1, amount: '1.00' } }],
    ['an empty name', { name: ' ' }],
  ])('rejects %s with 400', async (_label, overrides) => {
    expect(
      (await storeRefusal(t.store.createAppSubscription(DEMO_SHOP, input(overrides)))).kind,
    ).toBe('invalid');
  });

  it('answers 404 for a shop the sandbox does not have', async () => {
    const error = await storeRefusal(
      t.store.createAppSubscription('unknown.myshopify.com', input()),
    );
    expect(error.kind).toBe('not_found');
  });

  it('approval activates the charge for 30 days, once', async () => {
    const { subscription } = await t.store.createAppSubscription(DEMO_SHOP, input());
    const before = Date.now();
    const result = await t.store.approveAppSubscription(numericId(subscription.id));
    expect(result?.changed).toBe(true);
    const [active] = await t.store.activeAppSubscriptions(DEMO_SHOP);
    expect(active).toMatchObject({ id: subscription.id, status: 'ACTIVE' });
    const periodEnd = new Date(active?.currentPeriodEnd ?? 0).getTime();
    expect(periodEnd).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(periodEnd).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    const again = await t.store.approveAppSubscription(numericId(subscription.id));
    expect(again).toMatchObject({ changed: false, subscription: { status: 'ACTIVE' } });
    expect(await t.store.declineAppSubscription(numericId(subscription.id))).toMatchObject({
      changed: false,
    });
    expect(await t.store.approveAppSubscription(999_999_999)).toBeNull();
  });

  it.each(['APPLY_IMMEDIATELY', 'STANDARD', 'APPLY_ON_NEXT_BILLING_CYCLE'] as const)(
    'approving a new charge replaces the active one (%s)',
    async (replacementBehavior) => {
      const first = await t.store.createAppSubscription(DEMO_SHOP, input());
      await t.store.approveAppSubscription(numericId(first.subscription.id));
      const second = await t.store.createAppSubscription(
        DEMO_SHOP,
        input({
          name: 'Bundle',
          price: { amount: '79.99', currencyCode: 'USD' },
          replacementBehavior,
        }),
      );
      // Pending does not replace anything yet.
      expect((await t.store.activeAppSubscriptions(DEMO_SHOP)).map((s) => s.id)).toEqual([
        first.subscription.id,
      ]);
      await t.store.approveAppSubscription(numericId(second.subscription.id));
      expect((await t.store.activeAppSubscriptions(DEMO_SHOP)).map((s) => s.id)).toEqual([
        second.subscription.id,
      ]);
      const all = await t.store.listAppSubscriptions(DEMO_SHOP);
      expect(all.map((s) => [s.name, s.status])).toEqual([
        ['Bundle', 'ACTIVE'],
        ['Popclips Growth', 'CANCELLED'],
      ]);
    },
  );

  it('declining leaves the active charge alone', async () => {
    const first = await t.store.createAppSubscription(DEMO_SHOP, input());
    await t.store.approveAppSubscription(numericId(first.subscription.id));
    const second = await t.store.createAppSubscription(DEMO_SHOP, input({ name: 'Other' }));
    const result = await t.store.declineAppSubscription(numericId(second.subscription.id));
    expect(result).toMatchObject({ changed: true, subscription: { status: 'DECLINED' } });
    expect((await t.store.activeAppSubscriptions(DEMO_SHOP)).map((s) => s.id)).toEqual([
      first.subscription.id,
    ]);
  });

  it('cancels an active charge; unknown, foreign and pending ids are refused', async () => {
    const { subscription } = await t.store.createAppSubscription(DEMO_SHOP, input());
    expect(
      (await storeRefusal(t.store.cancelAppSubscription(DEMO_SHOP, subscription.id))).kind,
    ).toBe('conflict');
    await t.store.approveAppSubscription(numericId(subscription.id));

    for (const id of [subscription.id, 'gid://shopify/AppSubscription/999999999', 'junk']) {
      expect((await storeRefusal(t.store.cancelAppSubscription(OTHER_SHOP, id))).kind).toBe(
        'not_found',
      );
    }
    expect(await t.store.activeAppSubscriptions(DEMO_SHOP)).toHaveLength(1);

    await t.store.cancelAppSubscription(DEMO_SHOP, subscription.id);
    await t.store.cancelAppSubscription(DEMO_SHOP, subscription.id); // a retry changes nothing
    expect(await t.store.activeAppSubscriptions(DEMO_SHOP)).toEqual([]);
    expect((await t.store.getAppSubscription(numericId(subscription.id)))?.status).toBe(
      'CANCELLED',
    );
  });

  it("keeps shops apart: approving one shop's charge never touches another's", async () => {
    const demo = await t.store.createAppSubscription(DEMO_SHOP, input());
    const other = await t.store.createAppSubscription(OTHER_SHOP, input({ name: 'Other plan' }));
    await t.store.approveAppSubscription(numericId(other.subscription.id));
    await t.store.approveAppSubscription(numericId(demo.subscription.id));
    expect((await t.store.activeAppSubscriptions(DEMO_SHOP)).map((s) => s.id)).toEqual([
      demo.subscription.id,
    ]);
    expect((await t.store.activeAppSubscriptions(OTHER_SHOP)).map((s) => s.id)).toEqual([
      other.subscription.id,
    ]);
    expect((await t.store.listAppSubscriptions(OTHER_SHOP)).map((s) => s.name)).toEqual([
      'Other plan',
    ]);
  });

  it('reset leaves the shop without charges', async () => {
    const { subscription } = await t.store.createAppSubscription(DEMO_SHOP, input());
    await t.store.approveAppSubscription(numericId(subscription.id));
    await t.store.createAppSubscription(OTHER_SHOP, input());
    await t.store.resetShop(DEMO_SHOP);
    expect(await t.store.listAppSubscriptions(DEMO_SHOP)).toEqual([]);
    expect(await t.store.getAppSubscription(numericId(subscription.id))).toBeNull();
    expect(await t.store.listAppSubscriptions(OTHER_SHOP)).toHaveLength(1);
  });
});
