import {
  type AppConfig,
  type AppConfigBody,
  BANNER_TEXT_MAX,
  type CollectionOption,
  INVENTORY_LIMIT_DEFAULT,
  inventoryLimitErrors,
  isHexColour,
  MOBILE_MESSAGES as M,
} from '@popstage/core/mobile';

/** The Appearance tab's form (spec 03 §2, §5), strings as typed. */
export interface AppearanceForm {
  showInventoryLimit: string;
  headerLogoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  bannerColor: string;
  liveBannerColor: string;
  bannerTitle: string;
  bannerText: string;
  liveBannerTitle: string;
  liveBannerText: string;
  font: string;
  collection: CollectionOption | null;
}

export const COLOUR_FIELDS = [
  ['primaryColor', 'Primary colour'],
  ['secondaryColor', 'Secondary colour'],
  ['bannerColor', 'Banner colour'],
  ['liveBannerColor', 'Live banner colour'],
] as const;

export const TEXT_FIELDS = [
  ['bannerTitle', 'Banner title'],
  ['bannerText', 'Banner text'],
  ['liveBannerTitle', 'Live banner title'],
  ['liveBannerText', 'Live banner text'],
] as const;

export type AppearanceErrors = Partial<Record<keyof AppearanceForm, string>>;

export function appearanceFormOf(
  config: AppConfig,
  collectionLabel: string | null,
): AppearanceForm {
  return {
    showInventoryLimit: String(config.showInventoryLimit ?? INVENTORY_LIMIT_DEFAULT),
    headerLogoUrl: config.headerLogoUrl,
    primaryColor: config.primaryColor ?? '',
    secondaryColor: config.secondaryColor ?? '',
    bannerColor: config.bannerColor ?? '',
    liveBannerColor: config.liveBannerColor ?? '',
    bannerTitle: config.bannerTitle ?? '',
    bannerText: config.bannerText ?? '',
    liveBannerTitle: config.liveBannerTitle ?? '',
    liveBannerText: config.liveBannerText ?? '',
    font: config.customFont ?? 'Default',
    collection: config.featuredShopifyCollectionGid
      ? {
          value: config.featuredShopifyCollectionGid,
          label: collectionLabel ?? 'Selected collection',
        }
      : null,
  };
}

export function appearanceErrors(form: AppearanceForm): AppearanceErrors {
  const errors: AppearanceErrors = {};
  const inventory = inventoryLimitErrors(form.showInventoryLimit);
  if (inventory.length > 0) errors.showInventoryLimit = inventory.join(' ');
  for (const [field] of COLOUR_FIELDS) {
    if (form[field].trim() === '') errors[field] = M.requiredField;
    else if (!isHexColour(form[field].trim())) errors[field] = M.invalidHex;
  }
  for (const [field] of TEXT_FIELDS) {
    if (form[field].trim() === '') errors[field] = M.requiredField;
    else if (form[field].trim().length > BANNER_TEXT_MAX) {
      errors[field] = `Maximum ${BANNER_TEXT_MAX} characters`;
    }
  }
  return errors;
}

export function appearanceBody(form: AppearanceForm): AppConfigBody {
  return {
    showInventoryLimit: Number(form.showInventoryLimit),
    headerLogoUrl: form.headerLogoUrl,
    primaryColor: form.primaryColor.trim(),
    secondaryColor: form.secondaryColor.trim(),
    bannerColor: form.bannerColor.trim(),
    liveBannerColor: form.liveBannerColor.trim(),
    bannerTitle: form.bannerTitle.trim(),
    bannerText: form.bannerText.trim(),
    liveBannerTitle: form.liveBannerTitle.trim(),
    liveBannerText: form.liveBannerText.trim(),
    font: form.font,
    ...(form.collection ? { collectionId: form.collection.value } : {}),
  };
}
