import { describe, expect, it } from 'vitest';
import {
  isUpgradePrice,
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
