import { describe, expect, it } from 'vitest';
import { subscriptionName } from './plan-name';

describe('subscriptionName', () => {
  it('names each add-on by feature and level, in feature order', () => {
    expect(
      subscriptionName([
        { featureId: 'live', name: 'basic' },
        { featureId: 'popclips', name: 'basic' },
        { featureId: 'mobile', name: 'pro' },
      ]),
    ).toBe('Popclips Basic · Mobile Pro · Live Basic');
    expect(subscriptionName([{ featureId: 'popclips', name: 'free 2025' }])).toBe('Popclips Free');
  });
});
