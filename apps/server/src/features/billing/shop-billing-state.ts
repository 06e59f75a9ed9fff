import {
  FEATURE_IDS,
  type FeatureId,
  type PendingSubscription,
  type Subscription,
} from '@popstage/core/shop';
import type { Db } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import { readCatalogue } from './catalogue-store';
import { activeSubscription, pendingProposal } from './subscription-store';
import { pendingWire, subscriptionWire } from './wire';

export interface ShopBillingState {
  subscriptionActive: boolean;
  subscription: Subscription | null;
  pendingSubscription: PendingSubscription | null;
  /** Features of the add-ons in the active subscription. */
  enabledFeatures: FeatureId[];
  activePlan: { skuCode: string } | null;
}

/** The billing fields of the Shop entity, all derived from the stored subscriptions. */
export async function shopBillingState(db: Db, shop: ShopRow): Promise<ShopBillingState> {
  const [active, pending] = await Promise.all([
    activeSubscription(db, shop.id),
    pendingProposal(db, shop.id),
  ]);
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
  const catalogue = await readCatalogue(db);
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
