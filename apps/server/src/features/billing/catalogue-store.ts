import type {
  Addon,
  Catalogue,
  CataloguePlan,
  DiscountCode,
  Feature,
} from '@popstage/core/billing';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAddons, billingFeatures, billingPlans, discountCodes } from '../../db/schema';

/**
 * Upserts plans, add-ons and features from the file (every start; idempotent). Discount codes are
 * only seeded in sandbox mode and never overwritten: in production staff manage them.
 */
export async function installCatalogue(
  db: Db,
  catalogue: Catalogue,
  options: { seedDiscountCodes: boolean },
): Promise<void> {
  const version = catalogue.version;
  await db.transaction(async (tx) => {
    for (const [position, feature] of catalogue.features.entries()) {
      await tx
        .insert(billingFeatures)
        .values({ ...feature, position })
        .onConflictDoUpdate({ target: billingFeatures.id, set: { ...feature, position } });
    }
    for (const [position, addon] of catalogue.addons.entries()) {
      const values = {
        id: addon.id,
        skuCode: addon.skuCode,
        name: addon.name,
        featureId: addon.featureId,
        visibility: addon.visibility,
        priceAmount: addon.price[0]?.amount ?? '0.00',
        currencyCode: addon.price[0]?.currencyCode ?? catalogue.currency,
        attributes: addon.attributes,
        position,
        catalogueVersion: version,
      };
      await tx
        .insert(billingAddons)
        .values(values)
        .onConflictDoUpdate({ target: billingAddons.id, set: values });
    }
    for (const [position, plan] of catalogue.plans.entries()) {
      const values = {
        id: plan.id,
        skuCode: plan.skuCode,
        name: plan.name,
        type: plan.type,
        priceAmount: plan.price[0]?.amount ?? '0.00',
        currencyCode: plan.price[0]?.currencyCode ?? catalogue.currency,
        addonIds: plan.addonIds,
        public: plan.visibility === 'public',
        position,
        catalogueVersion: version,
      };
      await tx
        .insert(billingPlans)
        .values(values)
        .onConflictDoUpdate({ target: billingPlans.id, set: values });
    }
    if (options.seedDiscountCodes) {
      for (const code of catalogue.discountCodes) {
        await tx
          .insert(discountCodes)
          .values({
            code: code.code,
            description: code.description,
            kind: code.kind,
            value: code.value === null ? null : String(code.value),
            appliesTo: code.appliesTo,
            startsAt: new Date(code.startsAt),
            endsAt: code.endsAt ? new Date(code.endsAt) : null,
            maxRedemptions: code.maxRedemptions,
          })
          .onConflictDoNothing();
      }
    }
  });
}

/** The catalogue as stored (plans, add-ons, features; discount codes are read one at a time). */
export async function readCatalogue(db: Db): Promise<Catalogue> {
  const [features, addons, plans] = await Promise.all([
    db.select().from(billingFeatures).orderBy(asc(billingFeatures.position)),
    db.select().from(billingAddons).orderBy(asc(billingAddons.position)),
    db.select().from(billingPlans).orderBy(asc(billingPlans.position)),
  ]);
  return {
    version: 1,
    currency: plans[0]?.currencyCode ?? 'USD',
    features: features.map(({ id, name, description }) => ({ id, name, description }) as Feature),
    addons: addons.map(
      (row): Addon => ({
        id: row.id,
        skuCode: row.skuCode,
        name: row.name,
        featureId: row.featureId as Addon['featureId'],
        visibility: row.visibility as Addon['visibility'],
        price: [{ amount: row.priceAmount, currencyCode: row.currencyCode }],
        attributes: row.attributes,
      }),
    ),
    plans: plans.map(
      (row): CataloguePlan => ({
        id: row.id,
        name: row.name,
        skuCode: row.skuCode,
        type: row.type as CataloguePlan['type'],
        price: [{ amount: row.priceAmount, currencyCode: row.currencyCode }],
        visibility: row.public ? 'public' : 'private',
        addonIds: row.addonIds,
      }),
    ),
    discountCodes: [],
  };
}

export async function findDiscountCodeRow(db: Db, code: string): Promise<DiscountCode | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  if (!row) return null;
  const common = {
    code: row.code,
    description: row.description,
    appliesTo: row.appliesTo,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
  };
  if (row.kind === 'percentage') return { ...common, kind: 'percentage', value: Number(row.value) };
  if (row.kind === 'fixed_amount') {
    return { ...common, kind: 'fixed_amount', value: row.value ?? '0.00' };
  }
  return { ...common, kind: 'free_popclips_addon', value: null };
}
