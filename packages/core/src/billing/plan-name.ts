import type { FeatureId } from '../shop/types';
import { planDisplayName } from './free-plan';

/** How each feature is named before its plan level ('Popclips Basic', 'Mobile Pro'). */
const FEATURE_SHORT_NAMES: Record<FeatureId, string> = {
  popclips: 'Popclips',
  mobile: 'Mobile',
  live: 'Live',
};
const FEATURE_ORDER: readonly FeatureId[] = ['popclips', 'mobile', 'live'];

/**
 * What a subscription is called on the approval page, the bill and the current-plan card:
 * each add-on as feature and level, in feature order ('Popclips Basic · Mobile Pro · Live
 * Basic'). The bundle's name ('Flexible 2025') is internal and never shown.
 */
export function subscriptionName(
  addons: readonly { featureId: FeatureId; name: string }[],
): string {
  return [...addons]
    .sort((a, b) => FEATURE_ORDER.indexOf(a.featureId) - FEATURE_ORDER.indexOf(b.featureId))
    .map((addon) => `${FEATURE_SHORT_NAMES[addon.featureId]} ${planDisplayName(addon.name)}`)
    .join(' · ');
}
