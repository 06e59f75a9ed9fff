import { formatLimit, isUnlimited } from './limits';

/** Mobile app plans (spec 01 §2.9): basic, pro, premium; Android from Pro; limits are ours. */

export const MOBILE_PLAN_NAMES = ['basic', 'pro', 'premium'] as const;
export type MobilePlanName = (typeof MOBILE_PLAN_NAMES)[number];

/** App downloads per plan; -1 = unlimited. The catalogue's mobile.appDownloads.max must match. */
export const MOBILE_DOWNLOAD_LIMITS: Record<MobilePlanName, number> = {
  basic: 1_000,
  pro: 10_000,
  premium: -1,
};

export const MOBILE_CONTACT_SALES_TEXT = 'Need more downloads? Contact sales.';

export function mobilePlanName(name: string | null | undefined): MobilePlanName | null {
  const normalised = name?.trim().toLowerCase();
  return MOBILE_PLAN_NAMES.find((plan) => plan === normalised) ?? null;
}

export function mobilePlatforms(plan: MobilePlanName): ('ios' | 'android')[] {
  return plan === 'basic' ? ['ios'] : ['ios', 'android'];
}

export function supportsAndroid(plan: MobilePlanName): boolean {
  return mobilePlatforms(plan).includes('android');
}

/** '1,000 app downloads' or 'Unlimited app downloads'. */
export function mobileDownloadsText(plan: MobilePlanName): string {
  return `${formatLimit(MOBILE_DOWNLOAD_LIMITS[plan])} app downloads`;
}

/** Capped plans point at sales for more; the unlimited one has nothing to add. */
export function mobileShowsContactSales(plan: MobilePlanName): boolean {
  return !isUnlimited(MOBILE_DOWNLOAD_LIMITS[plan]);
}
