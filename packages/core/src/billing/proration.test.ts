import { describe, expect, it } from 'vitest';
import {
  downgradeText,
  isUpgradePrice,
  prorateDowngrade,
  proratedChargeText,
  prorateUpgrade,
  remainingCycleDays,
} from './proration';

const now = new Date('2026-11-20T12:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('proration', () => {
  it('applies only to upgrades', () => {
    expect(isUpgradePrice('29.99', '149.99')).toBe(true);
    expect(isUpgradePrice('29.99', '29.99')).toBe(false);
  });

  it('counts whole remaining days, rounded up and clamped to 0..30', () => {
    expect(remainingCycleDays(inDays(15), now)).toBe(15);
    expect(remainingCycleDays(inDays(14.2), now)).toBe(15);
    expect(remainingCycleDays(inDays(45), now)).toBe(30);
    expect(remainingCycleDays(inDays(-2), now)).toBe(0);
    expect(remainingCycleDays(null, now)).toBe(0);
    expect(remainingCycleDays('not a date', now)).toBe(0);
  });

  it('charges the new price less the unused part of the current one', () => {
    expect(
      prorateUpgrade({
        currentPlanPrice: '30',
        newPlanPrice: '149.99',
        currentPeriodEnd: inDays(10),
        now,
      }),
    ).toEqual({
      adjustmentAmount: '139.99',
      nextBillingDate: '2026-12-20T12:00:00.000Z',
      newPlanPrice: '149.99',
      currentPlanPrice: '30.00',
    });
  });

  it('rounds the credit to the cent and never goes below zero', () => {
    const base = { currentPeriodEnd: inDays(7), now };
    // 29.99 × 7 / 30 = 6.9976… → 7.00
    expect(
      prorateUpgrade({ ...base, currentPlanPrice: '29.99', newPlanPrice: '79.99' })
        .adjustmentAmount,
    ).toBe('72.99');
    expect(
      prorateUpgrade({
        currentPlanPrice: '149.99',
        newPlanPrice: '29.99',
        currentPeriodEnd: inDays(30),
        now,
      }).adjustmentAmount,
    ).toBe('0.00');
  });

  it('explains the charge and the 30-day billing', () => {
    expect(
      proratedChargeText({
        adjustmentAmount: '139.99',
        nextBillingDate: '2026-12-20T12:00:00.000Z',
        newPlanPrice: '149.99',
        currentPlanPrice: '30.00',
      }),
    ).toBe(
      'You will be charged a prorated $139.99 today, credited for the unused part of your current plan. After that, $149.99 is billed every 30 days, next on Dec 20, 2026.',
    );
  });
});

describe('downgrade', () => {
  it('charges nothing today and credits the difference for the days left, to the cent', () => {
    const quote = prorateDowngrade({
      currentPlanPrice: '79.99',
      newPlanPrice: '29.99',
      currentPeriodEnd: inDays(15),
      now,
    });
    expect(quote).toMatchObject({
      adjustmentAmount: '0.00',
      creditAmount: '25.00',
      remainingDays: 15,
      newPlanPrice: '29.99',
    });
    expect(downgradeText(quote)).toBe(
      'The new plan applies as soon as you approve it, and nothing is charged today. For the 15 days left in your current 30-day cycle, Shopify credits the price difference, $25.00, to your next Shopify bill. After that, $29.99 is billed every 30 days.',
    );
  });

  it('credits nothing without a paid cycle', () => {
    const quote = prorateDowngrade({
      currentPlanPrice: '79.99',
      newPlanPrice: '0.00',
      currentPeriodEnd: null,
      now,
    });
    expect(quote.creditAmount).toBe('0.00');
    expect(downgradeText(quote)).toContain('Nothing is left of your current cycle to credit.');
  });
});
