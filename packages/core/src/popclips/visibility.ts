import { hasPopclipsCapability, type PopclipsPlanLevel } from '../billing/plan-level';
import type { PopclipsSettings } from '../settings/contract';

/** Views and likes show when the shop's settings say so and its plan level includes them. */
export function clipVisibility(
  level: PopclipsPlanLevel,
  settings: Pick<PopclipsSettings, 'showViewsOnPopClips' | 'showLikesOnPopClips'>,
): { showViews: boolean; showLikes: boolean } {
  return {
    showViews: settings.showViewsOnPopClips && hasPopclipsCapability(level, 'viewCounts'),
    showLikes: settings.showLikesOnPopClips && hasPopclipsCapability(level, 'likes'),
  };
}
