import { LIVE_FEE_TEXT, type LiveFees } from '@popstage/core/billing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADDONS, subscriptionWith } from '../../test/billing-fixture';
import { renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { pageTitle } from '../../test/toasts';

const FEES: LiveFees = {
  cappedAmount: { amount: '1000.00', currencyCode: 'USD' },
  balanceUsed: { amount: '11.50', currencyCode: 'USD' },
  terms: '5% of sales from live shows and replays',
  fees: [
    {
      orderId: '1',
      orderName: '#5001',
      showId: 'show-a1',
      revenue: { amount: '50.05', currencyCode: 'USD' },
      fee: { amount: '2.50', currencyCode: 'USD' },
      status: 'charged',
      reason: null,
      usageRecordId: 'gid://shopify/AppUsageRecord/720001',
      orderedAt: '2026-11-20T10:00:00.000Z',
      chargedAt: '2026-11-20T10:01:00.000Z',
    },
    {
      orderId: '2',
      orderName: '#5002',
      showId: 'show-a2',
      revenue: { amount: '40.00', currencyCode: 'EUR' },
      fee: { amount: '2.00', currencyCode: 'EUR' },
      status: 'not_billable',
      reason: 'currency_mismatch',
      usageRecordId: null,
      orderedAt: '2026-11-21T10:00:00.000Z',
      chargedAt: null,
    },
  ],
};

const shop = readyShop({ subscription: subscriptionWith([ADDONS.popclipsBasic]) });

describe('Live sales fees card', () => {
  it("lists each order's fee with its status, and the balance of the cap", async () => {
    renderApp({
      path: '/manage/plans',
      shop,
      routes: { 'GET /api/billing/live-fees': { body: FEES } },
    });
    await pageTitle('Subscription');
    const heading = await screen.findByRole('heading', { name: LIVE_FEE_TEXT.title });
    const card = heading.closest('.Polaris-Card, .Polaris-ShadowBevel') as HTMLElement;
    const scope = within(card ?? document.body);
    expect(scope.getByText('Balance used: $11.50 of $1,000.00 this billing period')).toBeTruthy();
    expect(scope.getByText('#5001')).toBeTruthy();
    expect(scope.getByText('$2.50')).toBeTruthy();
    // The column heading and the first fee's status.
    expect(scope.getAllByText('Charged')).toHaveLength(2);
    expect(scope.getByText('Not billed')).toBeTruthy();
    expect(scope.getByText(LIVE_FEE_TEXT.reasons.currency_mismatch as string)).toBeTruthy();
  });

  it('is not shown to a shop without live fees or a live plan', async () => {
    renderApp({ path: '/manage/plans', shop });
    await pageTitle('Subscription');
    await screen.findByRole('heading', { name: 'Current plan' });
    expect(screen.queryByRole('heading', { name: LIVE_FEE_TEXT.title })).toBeNull();
  });
});
