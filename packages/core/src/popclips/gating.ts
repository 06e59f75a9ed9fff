import { PREMIUM_PRICE } from '../billing/constants';
import { hasPopclipsCapability, type PopclipsPlanLevel } from '../billing/plan-level';
import {
  isPopclipsCreationBlocked,
  type PopclipsGating,
  viewsLimitModalText,
} from '../billing/views-limit';
import { formatMonthlyPrice } from '../format/money';
import { UPGRADE_BUTTON_PRICE_TEXT } from './constants';

/** Popclips gating as the clip screens apply it (spec 02 §2, §6); the rules live in billing. */

/**
 * The view-limit modal text when creating is blocked (limitAccess and a limited plan), else
 * null. The create page then redirects to the list and the Create button is disabled.
 */
export function creationBlockedMessage(
  gating: Pick<PopclipsGating, 'limitAccess' | 'maxViews'>,
): string | null {
  return isPopclipsCreationBlocked(gating) ? viewsLimitModalText(gating.maxViews) : null;
}

/** Instagram and TikTok import need the basic level (29.99) or the premium allow list. */
export function canImportFromSocial(level: PopclipsPlanLevel): boolean {
  return hasPopclipsCapability(level, 'socialImport');
}

/** Variants of the upgrade modal (spec 02 §2). */
export const UPGRADE_MODAL_VARIANTS = [
  'tiktokImport',
  'instagramImport',
  'categoryCarousels',
  'default',
] as const;
export type UpgradeModalVariant = (typeof UPGRADE_MODAL_VARIANTS)[number];

/**
 * The plan an upgrade prompt offers and its price. Import and custom carousels need basic
 * ($29.99/month, spec 02 §9); collection carousels need premium, so a basic shop (which already
 * pays $29.99) is offered premium at its price, preselected on /manage/plans (issue 20 §12).
 */
export function upgradeOffer(variant: UpgradeModalVariant): {
  level: Exclude<PopclipsPlanLevel, 'free'>;
  priceText: string;
} {
  return variant === 'categoryCarousels'
    ? { level: 'premium', priceText: formatMonthlyPrice(PREMIUM_PRICE) }
    : { level: 'basic', priceText: UPGRADE_BUTTON_PRICE_TEXT };
}
