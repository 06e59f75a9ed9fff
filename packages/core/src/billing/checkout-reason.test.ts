import { describe, expect, it } from 'vitest';
import { type CheckoutReasonFacts, checkoutReason } from './checkout-reason';

const facts: CheckoutReasonFacts = {
  hadActiveSubscription: true,
  viewsLimited: false,
  currentPrice: '29.99',
  newPrice: '149.99',
  trigger: 'merchant',
};

describe('checkoutReason', () => {
  it('is first_ever without an earlier subscription', () => {
    expect(checkoutReason({ ...facts, hadActiveSubscription: false, viewsLimited: true })).toBe(
      'first_ever',
    );
  });

  it('is upgrade_gated when views are limited', () => {
    expect(checkoutReason({ ...facts, viewsLimited: true })).toBe('upgrade_gated');
  });

  it('splits upgrades by trigger', () => {
    expect(checkoutReason(facts)).toBe('upgrade_spontaneous');
    expect(checkoutReason({ ...facts, trigger: 'company' })).toBe('upgrade_spontaneous');
    expect(checkoutReason({ ...facts, trigger: 'upgrade_prompt' })).toBe('upgrade_action');
    expect(checkoutReason({ ...facts, currentPrice: null })).toBe('upgrade_spontaneous');
  });

  it('splits downgrades by trigger', () => {
    const down = { ...facts, currentPrice: '149.99', newPrice: '29.99' };
    expect(checkoutReason(down)).toBe('downgrade_userenforced');
    expect(checkoutReason({ ...down, trigger: 'company' })).toBe('downgrade_companydriven');
  });

  it('is other at the same price', () => {
    expect(checkoutReason({ ...facts, newPrice: '29.99' })).toBe('other');
  });
});
