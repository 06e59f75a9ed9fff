import { describe, expect, it } from 'vitest';
import { NO_REVIEW } from '../mobile/status-banners';
import {
  advanceRecommendedFeature,
  MOBILE_APP_CARD_BUTTONS,
  type MobileAppCardFacts,
  mobileAppCardState,
  recommendedFeatureProgress,
} from './landing-cards';

const none: MobileAppCardFacts = { ...NO_REVIEW, requestSubmitted: null };
const everything: MobileAppCardFacts = {
  iosStatus: 'customer',
  androidStatus: 'BLOCKED',
  iosLink: 'https://apps.apple.com/app/1',
  androidLink: null,
  customerIssue: 'Upload a privacy policy',
  blockedDescription: 'Guideline 4.2',
  requestSubmitted: true,
};

describe('mobileAppCardState', () => {
  it.each([
    [{ ...none, customerIssue: 'Fix it' }, 'action_required'],
    [{ ...none, androidStatus: 'Customer' }, 'action_required'],
    [{ ...everything, customerIssue: null, iosStatus: 'LIVE' }, 'approval_blocked'],
    [{ ...none, blockedDescription: 'Rejected' }, 'approval_blocked'],
    [{ ...none, iosStatus: ' blocked ' }, 'approval_blocked'],
    [{ ...none, iosLink: 'https://apps.apple.com/app/1', requestSubmitted: true }, 'manage'],
    [{ ...none, androidLink: 'https://play.google.com/store/apps/details?id=x' }, 'manage'],
    [{ ...none, requestSubmitted: true, iosStatus: 'PENDING' }, 'approval_pending'],
    [{ ...none, customerIssue: '  ', iosLink: '' }, 'set_up'],
    [none, 'set_up'],
  ] as const)('%o → %s', (facts, state) => {
    expect(mobileAppCardState(facts)).toBe(state);
  });

  it('follows the priority order', () => {
    expect(mobileAppCardState(everything)).toBe('action_required');
  });

  it('labels the buttons', () => {
    expect(MOBILE_APP_CARD_BUTTONS.action_required).toMatchObject({
      label: 'Action Required',
      critical: true,
    });
    expect(MOBILE_APP_CARD_BUTTONS.manage.target).toBe('notifications');
    expect(MOBILE_APP_CARD_BUTTONS.set_up).toMatchObject({ label: 'Set Up', target: 'setup' });
  });
});

describe('recommended feature card', () => {
  it('moves about 1.67 percent per tick, in whole percents, and changes slide after 6 s', () => {
    let state = { slide: 0, tick: 0 };
    state = advanceRecommendedFeature(state, 3);
    expect(recommendedFeatureProgress(state)).toBe(2);
    expect(recommendedFeatureProgress({ slide: 0, tick: 20 })).toBe(33);
    for (let tick = 1; tick < 59; tick += 1) state = advanceRecommendedFeature(state, 3);
    expect(state).toEqual({ slide: 0, tick: 59 });
    state = advanceRecommendedFeature(state, 3);
    expect(state).toEqual({ slide: 1, tick: 0 });
    expect(recommendedFeatureProgress(state)).toBe(0);
  });

  it('wraps to the first slide and survives no slides', () => {
    expect(advanceRecommendedFeature({ slide: 2, tick: 59 }, 3)).toEqual({ slide: 0, tick: 0 });
    expect(advanceRecommendedFeature({ slide: 2, tick: 5 }, 0)).toEqual({ slide: 0, tick: 0 });
  });
});
