import type { Catalogue } from '@popstage/core/billing';
import type { OperatorBillingOffer, PriceOption } from '@popstage/core/operator';
import type { Money } from '@popstage/core/shop';
import type { Db } from '../../db/client';
import { selectDiscountCodes } from './discount-code-store';

/**
 * What staff may propose in a company-driven plan change (the catalogue's public plans, and only
 * the add-ons a public plan offers: combinations a merchant could pick themselves) and the codes.
 */
export async function billingOffer(db: Db, catalogue: Catalogue): Promise<OperatorBillingOffer> {
  const plans = catalogue.plans.filter((plan) => plan.visibility === 'public');
  const option = (item: { id: string; name: string; price: Money[] }): PriceOption => ({
    id: item.id,
    name: item.name,
    priceAmount: item.price[0]?.amount ?? '0.00',
    currencyCode: item.price[0]?.currencyCode ?? catalogue.currency,
  });
  const offered = new Set(plans.flatMap((plan) => plan.addonIds));
  const features = catalogue.features
    .map((feature) => ({
      id: feature.id,
      name: feature.name,
      addons: catalogue.addons
        .filter(
          (addon) =>
            addon.visibility === 'public' &&
            addon.featureId === feature.id &&
            offered.has(addon.id),
        )
        .map(option),
    }))
    .filter((feature) => feature.addons.length > 0);
  const codes = await selectDiscountCodes(db);
  return {
    plans: plans.map(option),
    features,
    discountCodes: codes.map((code) => ({
      code: code.code,
      description: code.description,
      kind: code.kind,
      value: code.value,
      startsAt: code.startsAt.toISOString(),
      endsAt: code.endsAt?.toISOString() ?? null,
      maxRedemptions: code.maxRedemptions,
    })),
  };
}
