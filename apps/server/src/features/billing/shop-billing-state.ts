import {
  FEATURE_IDS,
  type FeatureId,
  type PendingSubscription,
  type Subscription,
} from '@popstage/core/shop';
import type { AppDeps } from '../../deps';
import type { Tenant } from '../../tenant';
import { pendingProposal } from './subscription-store';
import { pendingWire, subscriptionWire } from './wire';

export interface ShopBillingState {
  subscriptionActive: boolean;
  subscription: Subscription | null;
  pendingSubscription: PendingSubscription | null;
  /** Features of the add-ons in the active subscription. */
  enabledFeatures: FeatureId[];
  activePlan: { skuCode: string } | null;
}

/**
 * The billing fields of the Shop entity: the active subscription is the tenant's plan fact, the
 * plan and features come from the catalogue in memory; one read for a proposed plan change.
 */
export async function shopBillingState(
  deps: Pick<AppDeps, 'database' | 'catalogue'>,
  tenant: Pick<Tenant, 'shop' | 'plan'>,
): Promise<ShopBillingState> {
  const active = tenant.plan.subscription;
  const pending = await pendingProposal(deps.database.db, tenant.shop.id);
  const pendingSubscription = pending ? pendingWire(pending) : null;
  if (!active) {
    return {
      subscriptionActive: false,
      subscription: null,
      pendingSubscription,
      enabledFeatures: [],
      activePlan: null,
    };
  }
  const { catalogue } = deps;
  const plan = catalogue.plans.find((candidate) => candidate.id === active.planId);
  const features = new Set(
    active.addonIds.map((id) => catalogue.addons.find((addon) => addon.id === id)?.featureId),
  );
  return {
    subscriptionActive: true,
    subscription: subscriptionWire(active),
    pendingSubscription,
    enabledFeatures: FEATURE_IDS.filter((feature) => features.has(feature)),
    activePlan: plan ? { skuCode: plan.skuCode } : null,
  };
}
