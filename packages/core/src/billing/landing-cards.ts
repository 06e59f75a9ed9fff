import type { MobileStatusFacts } from '../mobile/status-banners';

/** Landing page cards (spec 01 §2.6). */

export interface MobileAppCardFacts extends MobileStatusFacts {
  requestSubmitted: boolean | null;
}

export type MobileAppCardState =
  | 'action_required'
  | 'approval_blocked'
  | 'manage'
  | 'approval_pending'
  | 'set_up';

export const MOBILE_APP_CARD_BUTTONS: Record<
  MobileAppCardState,
  { label: string; critical: boolean; target: 'notifications' | 'setup' }
> = {
  action_required: { label: 'Action Required', critical: true, target: 'setup' },
  approval_blocked: { label: 'Approval Blocked', critical: true, target: 'setup' },
  manage: { label: 'Manage', critical: false, target: 'notifications' },
  approval_pending: { label: 'Approval Pending', critical: false, target: 'setup' },
  set_up: { label: 'Set Up', critical: false, target: 'setup' },
};

/** Statuses compare case-insensitively (spec 03 §4); blank text counts as absent. */
const isStatus = (status: string | null, wanted: string) => status?.trim().toUpperCase() === wanted;
const present = (text: string | null) => !!text?.trim();

/** First match wins, in the spec's priority order. */
export function mobileAppCardState(facts: MobileAppCardFacts): MobileAppCardState {
  const statuses = [facts.iosStatus, facts.androidStatus];
  if (present(facts.customerIssue) || statuses.some((status) => isStatus(status, 'CUSTOMER'))) {
    return 'action_required';
  }
  if (present(facts.blockedDescription) || statuses.some((status) => isStatus(status, 'BLOCKED'))) {
    return 'approval_blocked';
  }
  if (present(facts.iosLink) || present(facts.androidLink)) return 'manage';
  if (facts.requestSubmitted) return 'approval_pending';
  return 'set_up';
}

/** Recommended Feature card: a tick every 100 ms, 60 ticks (6 s, about 1.67 percent each) a slide. */
export const RECOMMENDED_FEATURE_TICK_MS = 100;
export const RECOMMENDED_FEATURE_SLIDE_MS = 6_000;
const TICKS_PER_SLIDE = RECOMMENDED_FEATURE_SLIDE_MS / RECOMMENDED_FEATURE_TICK_MS;

/** Progress is counted in whole ticks, so it never drifts the way adding 1.67 would. */
export interface RecommendedFeatureState {
  slide: number;
  tick: number;
}

/** One tick; after the 60th the next slide starts (wrapping to the first). */
export function advanceRecommendedFeature(
  state: RecommendedFeatureState,
  slideCount: number,
): RecommendedFeatureState {
  if (slideCount <= 0) return { slide: 0, tick: 0 };
  const tick = state.tick + 1;
  if (tick < TICKS_PER_SLIDE) return { slide: state.slide, tick };
  return { slide: (state.slide + 1) % slideCount, tick: 0 };
}

/** 0..100 for the progress bar. */
export function recommendedFeatureProgress(state: RecommendedFeatureState): number {
  // Whole percents: the bar's value is read out ("33%", not "33.333333333333336%").
  return Math.round((state.tick * 100) / TICKS_PER_SLIDE);
}
