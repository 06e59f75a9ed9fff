import { beforeAll, describe, expect, it } from 'vitest';
import { addonAttributeValue, addonPrice } from './addons';
import type { Addon, Catalogue } from './catalogue';
import { parseCatalogue } from './catalogue';
import { displayFeatures, findPlanBySku, publicPlans } from './catalogue-read';
import {
  BASIC_MONTHLY_VIEWS,
  BASIC_PRICE,
  MOBILE_HIGHER_TIER_PRICE,
  PLAN_SKUS,
  PREMIUM_PRICE,
  STANDARD_PLAN_SKU,
} from './constants';
import { discountCodeStatus } from './discount';
import { freeViewLimits } from './free-plan';
import { MOBILE_DOWNLOAD_LIMITS, MOBILE_PLAN_NAMES } from './mobile-plans';
import { popclipsPlanLevel } from './plan-level';

/** The committed catalogue the server serves; a variable path keeps it outside tsc's rootDir. */
const CATALOGUE_PATH = '../../../../apps/server/src/catalogue.v1.json';

let catalogue: Catalogue;
beforeAll(async () => {
  const file: { default: unknown } = await import(/* @vite-ignore */ CATALOGUE_PATH);
  catalogue = parseCatalogue(file.default);
});

const addon = (id: string): Addon => {
  const found = catalogue.addons.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`missing ${id}`);
  return found;
};

describe('catalogue.v1.json', () => {
  it('passes the schema and lists the known plans', () => {
    expect(catalogue.version).toBe(1);
    expect(catalogue.plans.map((plan) => plan.skuCode)).toEqual([...PLAN_SKUS]);
    expect(publicPlans(catalogue).map((plan) => plan.skuCode)).toEqual([STANDARD_PLAN_SKU]);
    for (const plan of catalogue.plans) expect(plan.price[0]?.amount).toBe('0.00');
  });

  it('reads features as popclips, mobile, live', () => {
    expect(displayFeatures(catalogue).map((feature) => feature.id)).toEqual([
      'popclips',
      'mobile',
      'live',
    ]);
  });

  it('prices the popclips add-ons on the thresholds', () => {
    const basic = addon('addon-popclips-basic');
    expect(addonPrice(basic)).toBe(BASIC_PRICE);
    expect(addonAttributeValue(basic, 'popclips.monthlyViews.max')).toBe(BASIC_MONTHLY_VIEWS);
    const premium = addon('addon-popclips-premium');
    expect(addonPrice(premium)).toBe(PREMIUM_PRICE);
    expect(addonAttributeValue(premium, 'popclips.monthlyViews.max')).toBe(-1);
    expect(popclipsPlanLevel(addonPrice(addon('addon-popclips-free-2025')))).toBe('free');
    expect(addon('addon-popclips-free').visibility).toBe('private');
    expect(addon('addon-popclips-free-2025').name).toBe('free 2025');
    expect(freeViewLimits(catalogue.addons)).not.toContain(BASIC_MONTHLY_VIEWS);
  });

  it('offers the free 2025 add-on on the standard plan and the legacy free one elsewhere', () => {
    expect(findPlanBySku(catalogue, STANDARD_PLAN_SKU)?.addons.map((a) => a.id)).toContain(
      'addon-popclips-free-2025',
    );
    expect(findPlanBySku(catalogue, 'bundle-flexible-2024-monthly')?.addons[0]?.id).toBe(
      'addon-popclips-free',
    );
  });

  it('matches the mobile plans and their download limits', () => {
    for (const name of MOBILE_PLAN_NAMES) {
      const mobile = addon(`addon-mobile-${name}`);
      expect(mobile.name).toBe(name);
      expect(addonAttributeValue(mobile, 'mobile.appDownloads.max')).toBe(
        MOBILE_DOWNLOAD_LIMITS[name],
      );
    }
    expect(addonPrice(addon('addon-mobile-pro'))).toBe(MOBILE_HIGHER_TIER_PRICE);
  });

  it('has live add-ons with premium unlimited', () => {
    expect(addonAttributeValue(addon('addon-live-premium'), 'live.monthlyLiveEvents.max')).toBe(-1);
    expect(addonAttributeValue(addon('addon-live-basic'), 'live.monthlyLiveEvents.max')).toBe(4);
  });

  it('has the sandbox discount codes in the right states', () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    const status = (code: string, redemptions = 0) => {
      const found = catalogue.discountCodes.find((candidate) => candidate.code === code);
      if (!found) throw new Error(`missing ${code}`);
      return discountCodeStatus(found, now, redemptions);
    };
    expect(status('WELCOME20')).toBe('active');
    expect(status('SAVE10')).toBe('active');
    expect(status('POPFREE')).toBe('active');
    expect(status('EXPIRED2024')).toBe('expired');
    expect(status('ONCEONLY')).toBe('active');
    expect(status('ONCEONLY', 1)).toBe('exhausted');
  });
});
