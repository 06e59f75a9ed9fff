import { describe, expect, it } from 'vitest';
import { getStartedStatus, onboardedBeforeCutoff } from './progress';

const none = {
  embedEnabled: false,
  livePageCreated: false,
  publishedProductsToSalesChannelCount: 0,
};

describe('getStartedStatus', () => {
  it('is 0 percent for a fresh shop', () => {
    expect(getStartedStatus({ ...none, completedEvents: [] })).toEqual({
      completionPercentage: 0,
      events: [],
    });
  });

  it('completes the SDK step only when the embed is on and the live page exists', () => {
    expect(getStartedStatus({ ...none, embedEnabled: true, completedEvents: [] }).events).toEqual(
      [],
    );
    const status = getStartedStatus({
      ...none,
      embedEnabled: true,
      livePageCreated: true,
      completedEvents: [],
    });
    expect(status).toEqual({ completionPercentage: 25, events: ['STEP_ENABLE_VIDEEO_SDK'] });
  });

  it('completes the sales-channel step when a product is published and keeps stored events once', () => {
    const status = getStartedStatus({
      ...none,
      publishedProductsToSalesChannelCount: 3,
      completedEvents: ['STEP_ADD_YOUR_FIRST_POPCLIP', 'STEP_ADD_YOUR_FIRST_POPCLIP'],
    });
    expect(status).toEqual({
      completionPercentage: 50,
      events: ['STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC', 'STEP_ADD_YOUR_FIRST_POPCLIP'],
    });
  });
});

describe('onboardedBeforeCutoff', () => {
  it('compares the onboarding date with 2024-12-05', () => {
    expect(onboardedBeforeCutoff(null)).toBe(false);
    expect(onboardedBeforeCutoff('2024-12-04T23:59:59.000Z')).toBe(true);
    expect(onboardedBeforeCutoff('2024-12-05T00:00:00.000Z')).toBe(false);
  });
});
