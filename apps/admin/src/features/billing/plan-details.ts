import {
  type Addon,
  addonAttributeValue,
  addonPrice,
  BILLING_INTERVAL_DAYS,
  formatLimit,
  formatLiveEventsLimit,
  LIVE_SUCCESS_FEE_PERCENT,
  mobileDownloadsText,
  mobilePlanName,
  type Plan,
  REPLAYS_KEPT_MONTHS,
  STANDARD_PLAN_SKU,
  supportsAndroid,
} from '@popstage/core/billing';
import { formatCurrency, formatMonthlyPrice } from '@popstage/core/format';
import type { FeatureId } from '@popstage/core/shop';

/** How plans and add-ons read on the plan cards and pickers (spec 01 §2.8, §2.9). */

/** The plan new subscribers buy; the first one listed if the standard one is missing. */
export function standardPlan(plans: readonly Plan[]): Plan | null {
  return plans.find((plan) => plan.skuCode === STANDARD_PLAN_SKU) ?? plans[0] ?? null;
}

export function featureAddons(plan: Plan | null, featureId: FeatureId): Addon[] {
  return plan?.addons.filter((addon) => addon.featureId === featureId) ?? [];
}

export const LIVE_COMMISSION_NOTE = `A commission of up to ${LIVE_SUCCESS_FEE_PERCENT}% applies to Live and Replay sales.`;

/** The limit lines under an add-on's price, per feature. */
export function addonLimitLines(addon: Addon): string[] {
  switch (addon.featureId) {
    case 'popclips': {
      const views = addonAttributeValue(addon, 'popclips.monthlyViews.max');
      return views === null ? [] : [`${formatLimit(views)} views per month`];
    }
    case 'mobile': {
      const plan = mobilePlanName(addon.name);
      if (!plan) {
        const downloads = addonAttributeValue(addon, 'mobile.appDownloads.max');
        return downloads === null ? [] : [`${formatLimit(downloads)} app downloads`];
      }
      return [mobileDownloadsText(plan), supportsAndroid(plan) ? 'iOS and Android' : 'iOS only'];
    }
    case 'live': {
      const events = addonAttributeValue(addon, 'live.monthlyLiveEvents.max');
      return [
        ...(events === null ? [] : [`${formatLiveEventsLimit(events)} live events per month`]),
        `${LIVE_SUCCESS_FEE_PERCENT}% success fee of live sale revenue`,
        `Replays kept for ${REPLAYS_KEPT_MONTHS} months`,
      ];
    }
  }
}

/** Price shown on a card: the free-add-on discount override makes a popclips add-on cost 0. */
export function displayedAddonPrice(addon: Addon, freePopclips: boolean): string {
  return freePopclips && addon.featureId === 'popclips' ? '0.00' : addonPrice(addon);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the next 30-day cycle counted from activation (Shopify's billing interval). */
export function nextBillingDate(activatedAt: string | null, now = new Date()): Date | null {
  if (!activatedAt) return null;
  const start = Date.parse(activatedAt);
  if (Number.isNaN(start)) return null;
  const cycle = BILLING_INTERVAL_DAYS * DAY_MS;
  const cycles = Math.floor(Math.max(0, now.getTime() - start) / cycle) + 1;
  return new Date(start + cycles * cycle);
}

/** A plan's price under its name: the Free plan reads '$0.00/month', never 'Free' twice. */
export function planPriceText(name: string, amount: string, currency: string): string {
  const price = formatMonthlyPrice(amount, currency);
  return price === name ? `${formatCurrency(amount, currency)}/month` : price;
}
