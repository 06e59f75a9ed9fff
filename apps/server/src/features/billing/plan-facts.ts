import {
  addonAttributeValue,
  type Catalogue,
  normaliseLimit,
  popclipsPlanLevel,
} from '@popstage/core/billing';
import type { Db } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import type { PlanFacts } from '../../tenant';
import { activeSubscription } from './subscription-store';

/** Without a subscription a shop is held to the free add-on of the standard plan. */
export const DEFAULT_POPCLIPS_ADDON = 'addon-popclips-free-2025';

/** The shop's plan facts: one subscription read, the rest from the catalogue in memory. */
export async function planFacts(db: Db, catalogue: Catalogue, shop: ShopRow): Promise<PlanFacts> {
  const subscription = (await activeSubscription(db, shop.id)) ?? null;
  const popclipsAddon =
    catalogue.addons.find(
      (addon) => subscription?.addonIds.includes(addon.id) && addon.featureId === 'popclips',
    ) ?? null;
  const limitAddon =
    popclipsAddon ?? catalogue.addons.find((addon) => addon.id === DEFAULT_POPCLIPS_ADDON);
  return {
    subscription,
    popclipsAddon,
    popclipsLevel: popclipsPlanLevel(popclipsAddon?.price[0]?.amount ?? null, shop.shopifyDomain),
    maxViews: normaliseLimit(
      (limitAddon && addonAttributeValue(limitAddon, 'popclips.monthlyViews.max')) ?? 0,
    ),
  };
}
