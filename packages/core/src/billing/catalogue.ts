import { z } from 'zod';
import { FEATURE_IDS } from '../shop/types';
import { STANDARD_PLAN_SKU } from './constants';
import { normaliseDiscountCode } from './discount';
import { ADDON_ATTRIBUTE_IDS, type Catalogue } from './types';

/** Validates apps/server/src/catalogue.v1.json; the server loads it with this. */

/** Catalogue amounts are written in full: '29.99', '0.00'. */
const amountSchema = z.string().regex(/^\d+\.\d{2}$/, 'Use a decimal string with two decimals');
const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'Use an ISO 4217 currency code');
const moneySchema = z.object({ amount: amountSchema, currencyCode: currencySchema });
const idSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case kebab-case ids');
const visibilitySchema = z.enum(['public', 'private']);
const featureIdSchema = z.enum(FEATURE_IDS);
const isoDateSchema = z.iso.datetime({ offset: true });

const featureSchema = z.object({
  id: featureIdSchema,
  name: z.string().min(1),
  description: z.string().min(1),
});

const attributeSchema = z.object({
  attributeId: z.enum(ADDON_ATTRIBUTE_IDS),
  /** -1 = unlimited. */
  value: z.number().int().min(-1),
  displayValue: z.string().min(1),
  addonId: idSchema,
});

const addonSchema = z.object({
  id: idSchema,
  skuCode: idSchema,
  name: z.string().min(1),
  featureId: featureIdSchema,
  visibility: visibilitySchema,
  price: z.array(moneySchema).min(1),
  attributes: z.array(attributeSchema),
});

const planSchema = z.object({
  id: idSchema,
  name: z.string().min(1),
  skuCode: idSchema,
  type: z.enum([...FEATURE_IDS, 'bundle']),
  visibility: visibilitySchema,
  price: z.array(moneySchema).min(1),
  addonIds: z.array(idSchema).min(1),
});

const discountCommon = {
  code: z.string().min(1).max(64),
  description: z.string(),
  appliesTo: z.array(featureIdSchema).min(1),
  startsAt: isoDateSchema,
  endsAt: isoDateSchema.nullable(),
  maxRedemptions: z.number().int().positive().nullable(),
};

const discountCodeSchema = z.discriminatedUnion('kind', [
  z.object({
    ...discountCommon,
    kind: z.literal('percentage'),
    value: z.number().int().min(1).max(100),
  }),
  z.object({ ...discountCommon, kind: z.literal('fixed_amount'), value: amountSchema }),
  z.object({ ...discountCommon, kind: z.literal('free_popclips_addon'), value: z.null() }),
]);

export const catalogueSchema = z
  .object({
    version: z.literal(1),
    currency: currencySchema,
    features: z.array(featureSchema),
    plans: z.array(planSchema).min(1),
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

// Compile-time proof that the schema's output is the wire Catalogue type.
const _schemaMatchesTypes: z.ZodType<Catalogue> = catalogueSchema;
void _schemaMatchesTypes;
