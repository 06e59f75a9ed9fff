import {
  addonAttributeValue,
  type MobilePlanName,
  mobilePlanName,
  supportsAndroid,
} from '@popstage/core/billing';
import { MOBILE_MESSAGES } from '@popstage/core/mobile';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';

/**
 * The shop's mobile plan facts (spec 03 §6), from the active subscription and the catalogue. The
 * spec's "higher tier" (core's isMobileHigherTier) is not among them: nothing in the spec depends
 * on it (docs/decisions.md).
 */
export interface MobilePlan {
  name: MobilePlanName | null;
  android: boolean;
  /** mobile.appDownloads.max; -1 unlimited, null when the add-on does not say. */
  downloadsMax: number | null;
  /** The plan's SKU code, shown with 'Access Denied'. */
  planCode: string | null;
}

export function mobilePlanOf(
  deps: Pick<AppDeps, 'catalogue'>,
  tenant: Pick<Tenant, 'plan'>,
): MobilePlan | null {
  const subscription = tenant.plan.subscription;
  const planCode =
    deps.catalogue.plans.find((plan) => plan.id === subscription?.planId)?.skuCode ?? null;
  const addon = subscription?.addonIds
    .map((id) => deps.catalogue.addons.find((candidate) => candidate.id === id))
    .find((candidate) => candidate?.featureId === 'mobile');
  if (!addon) return planCode === null ? null : { ...NO_MOBILE, planCode };
  const name = mobilePlanName(addon.name);
  const downloads = addonAttributeValue(addon, 'mobile.appDownloads.max');
  return {
    name,
    android: name !== null && supportsAndroid(name),
    downloadsMax: typeof downloads === 'number' ? downloads : null,
    planCode,
  };
}

const NO_MOBILE = { name: null, android: false, downloadsMax: null };

/** Mobile routes need the mobile feature: else 403 'Access Denied' with the plan code. */
export function requireMobile(
  deps: Pick<AppDeps, 'catalogue'>,
  tenant: Tenant,
): MobilePlan & {
  name: MobilePlanName;
} {
  const plan = mobilePlanOf(deps, tenant);
  if (!plan?.name) {
    throw new HttpError(403, MOBILE_MESSAGES.accessDenied, {
      reason: 'plan',
      planCode: plan?.planCode ?? null,
    });
  }
  return { ...plan, name: plan.name };
}
