import { z } from 'zod';
import { FEATURE_IDS } from '../shop/types';
import { STANDARD_PLAN_SKU } from './constants';
import { normaliseDiscountCode } from './discount-code';

/**
 * apps/server/src/catalogue.v1.json: its schema validates the file once at start (the server holds
 * the result in memory), and the types of plans, add-ons, features and discount codes are this
 * schema's own. GET /api/billing/* answers add-ons and features with these same schemas.
 */

const ADDON_ATTRIBUTE_IDS = [
  'popclips.monthlyViews.max',
  'mobile.appDownloads.max',
  'live.monthlyLiveEvents.max',
] as const;
export type AddonAttributeId = (typeof ADDON_ATTRIBUTE_IDS)[number];

/** How a discount code reduces the order (catalogue discountCodes, spec 01 §4). */
export const DISCOUNT_KINDS = ['percentage', 'fixed_amount', 'free_popclips_addon'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Catalogue amounts are written in full: '29.99', '0.00'. */
const amountSchema = z.string().regex(/^\d+\.\d{2}$/, 'Use a decimal string with two decimals');
const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'Use an ISO 4217 currency code');
const moneySchema = z.object({ amount: amountSchema, currencyCode: currencySchema });
const idSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case kebab-case ids');
const visibilitySchema = z.enum(['public', 'private']);
const featureIdSchema = z.enum(FEATURE_IDS);
const isoDateSchema = z.iso.datetime({ offset: true });

export const featureSchema = z.object({
  id: featureIdSchema,
  name: z.string().min(1),
  description: z.string().min(1),
});

const addonAttributeSchema = z.object({
  attributeId: z.enum(ADDON_ATTRIBUTE_IDS),
  /** -1 means unlimited (UNLIMITED_INTERNAL once normalised). */
  value: z.number().int().min(-1),
  displayValue: z.string().min(1),
  addonId: idSchema,
});

export type Feature = z.infer<typeof featureSchema>;

export const addonSchema = z.object({
  id: idSchema,
  skuCode: idSchema,
  name: z.string().min(1),
  featureId: featureIdSchema,
  visibility: visibilitySchema,
  price: z.array(moneySchema).min(1),
  attributes: z.array(addonAttributeSchema),
});
export type Addon = z.infer<typeof addonSchema>;

/** The plan fields the wire Plan shares (it lists the add-ons themselves, not their ids). */
export const planFields = {
  id: idSchema,
  name: z.string().min(1),
  skuCode: idSchema,
  type: z.enum([...FEATURE_IDS, 'bundle']),
  price: z.array(moneySchema).min(1),
};

/** A plan as the file keeps it: add-ons by id, and whether new shops may buy it. */
const cataloguePlanSchema = z.object({
  ...planFields,
  visibility: visibilitySchema,
  addonIds: z.array(idSchema).min(1),
});
export type CataloguePlan = z.infer<typeof cataloguePlanSchema>;

const discountCommon = {
  /** Upper-case, trimmed (normaliseDiscountCode). */
  code: z.string().min(1).max(64),
  description: z.string(),
  /** Features whose add-on lines the code reduces (free_popclips_addon: one must be selected). */
  appliesTo: z.array(featureIdSchema).min(1),
  startsAt: isoDateSchema,
  /** null = open-ended. */
  endsAt: isoDateSchema.nullable(),
  /** null = unlimited. */
  maxRedemptions: z.number().int().positive().nullable(),
};

/** percentage: whole percent 1..100; fixed_amount: decimal string; free_popclips_addon: null. */
const discountCodeSchema = z.discriminatedUnion('kind', [
  z.object({
    ...discountCommon,
    kind: z.literal('percentage'),
    value: z.number().int().min(1).max(100),
  }),
  z.object({ ...discountCommon, kind: z.literal('fixed_amount'), value: amountSchema }),
  z.object({ ...discountCommon, kind: z.literal('free_popclips_addon'), value: z.null() }),
]);
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const catalogueSchema = z
  .object({
    version: z.literal(1),
    currency: currencySchema,
    features: z.array(featureSchema),
    plans: z.array(cataloguePlanSchema).min(1),
    addons: z.array(addonSchema).min(1),
    discountCodes: z.array(discountCodeSchema),
  })
  .superRefine((catalogue, ctx) => {
    const problem = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });

    const featureIds = catalogue.features.map((feature) => feature.id);
    if (
      featureIds.length !== FEATURE_IDS.length ||
      new Set(featureIds).size !== featureIds.length
    ) {
      problem(['features'], `List each of ${FEATURE_IDS.join(', ')} exactly once`);
    }

    const addonsById = new Map(catalogue.addons.map((addon) => [addon.id, addon]));
    reportDuplicates(
      catalogue.addons.map((addon) => addon.id),
      ['addons'],
      problem,
    );
    reportDuplicates(
      catalogue.plans.map((plan) => plan.id),
      ['plans'],
      problem,
    );
    reportDuplicates(
      catalogue.plans.map((plan) => plan.skuCode),
      ['plans'],
      problem,
    );
    reportDuplicates(
      catalogue.discountCodes.map((code) => code.code),
      ['discountCodes'],
      problem,
    );

    catalogue.addons.forEach((addon, index) => {
      addon.attributes.forEach((attribute, attributeIndex) => {
        if (attribute.addonId !== addon.id) {
          problem(
            ['addons', index, 'attributes', attributeIndex, 'addonId'],
            'Must be the add-on id',
          );
        }
      });
      addon.price.forEach((money, priceIndex) => {
        if (money.currencyCode !== catalogue.currency) {
          problem(['addons', index, 'price', priceIndex], 'Must be in the catalogue currency');
        }
      });
    });

    catalogue.plans.forEach((plan, index) => {
      plan.addonIds.forEach((addonId, addonIndex) => {
        const addon = addonsById.get(addonId);
        if (!addon) problem(['plans', index, 'addonIds', addonIndex], `Unknown add-on ${addonId}`);
        else if (plan.visibility === 'public' && addon.visibility === 'private') {
          problem(['plans', index, 'addonIds', addonIndex], 'A public plan offers public add-ons');
        }
      });
      plan.price.forEach((money, priceIndex) => {
        if (money.currencyCode !== catalogue.currency) {
          problem(['plans', index, 'price', priceIndex], 'Must be in the catalogue currency');
        }
      });
    });

    const standard = catalogue.plans.find((plan) => plan.skuCode === STANDARD_PLAN_SKU);
    if (standard?.visibility !== 'public') {
      problem(['plans'], `The standard plan ${STANDARD_PLAN_SKU} must be listed and public`);
    }

    catalogue.discountCodes.forEach((code, index) => {
      if (normaliseDiscountCode(code.code) !== code.code) {
        problem(['discountCodes', index, 'code'], 'Codes are stored trimmed and upper-case');
      }
      if (code.endsAt !== null && Date.parse(code.endsAt) <= Date.parse(code.startsAt)) {
        problem(['discountCodes', index, 'endsAt'], 'Must be after startsAt');
      }
    });
  });

/** The validated file. Features are stored third-first-second: the API reorders them. */
export type Catalogue = z.infer<typeof catalogueSchema>;

function reportDuplicates(
  values: readonly string[],
  path: string[],
  problem: (path: string[], message: string) => void,
): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) problem(path, `Duplicate ${value}`);
    seen.add(value);
  }
}

/** Throws a ZodError naming every problem; the server stops start-up with it. */
export function parseCatalogue(json: unknown): Catalogue {
  return catalogueSchema.parse(json);
}
