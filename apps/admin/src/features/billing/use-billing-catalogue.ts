import type { Feature } from '@popstage/core/billing';
import { FEATURE_IDS, type FeatureId } from '@popstage/core/shop';
import { useMemo } from 'react';
import { useFeatures, usePlans } from './data';
import { standardPlan } from './plan-details';

/** Names used when the features list has not arrived (it only decides titles and order). */
const FALLBACK_FEATURES: Feature[] = [
  { id: 'popclips', name: 'Popclips', description: '' },
  { id: 'mobile', name: 'Mobile App', description: '' },
  { id: 'live', name: 'Live Selling', description: '' },
];

/** The standard plan with its features in display order (GET plans + GET features). */
export function useBillingCatalogue() {
  const plans = usePlans();
  const features = useFeatures();
  return useMemo(() => {
    const ordered = (features.data ?? FALLBACK_FEATURES).filter((feature) =>
      FEATURE_IDS.includes(feature.id),
    );
    const featureNames: Partial<Record<FeatureId, string>> = Object.fromEntries(
      ordered.map((feature) => [feature.id, feature.name]),
    );
    return {
      plan: plans.data ? standardPlan(plans.data) : null,
      features: ordered,
      featureNames,
      isLoading: plans.isLoading || features.isLoading,
      isError: plans.isError || features.isError,
      errorUpdatedAt: Math.max(plans.errorUpdatedAt, features.errorUpdatedAt),
      isFetching: plans.isFetching || features.isFetching,
    };
  }, [plans, features]);
}
