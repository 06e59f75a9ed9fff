import { BANNER_TEXT_MAX, CUSTOM_FONTS, MOBILE_MESSAGES } from '@popstage/core/mobile';
import { Card, InlineGrid, Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useSaveBar } from '../../app/host/use-save-bar';
import { useShop } from '../../app/shop/ShopContext';
import { useApi } from '../../lib/api/ApiContext';
import { TitledCard } from '../../lib/ui/TitledCard';
import {
  type AppearanceErrors,
  type AppearanceForm,
  appearanceBody,
  appearanceErrors,
  appearanceFormOf,
  COLOUR_FIELDS,
  TEXT_FIELDS,
} from './appearance/appearance-form';
import { HEADER_LOGO_SIZE, HeaderLogoCard } from './appearance/HeaderLogoCard';
import { CollectionPicker } from './CollectionPicker';
import { ColourField } from './ColourField';
import { uploadAppImage, useAppConfig, useCollectionPreview } from './data';
import { MobileFrame } from './MobileFrame';
import { AppPreviewPanel } from './preview/AppPreviewPanel';
import { isAppSubmitted } from './submission';
import { useSaveAppConfig } from './use-save-app-config';

/** /mobile/appearance (spec 03 §2): the app's look; saved through the save bar after submission. */
export function MobileAppearancePage() {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const saveConfig = useSaveAppConfig();
  const config = useAppConfig();
  const featured = useCollectionPreview(config.data?.featuredShopifyCollectionGid ?? null);
  const [draft, setDraft] = useState<AppearanceForm | null>(null);
  const [errors, setErrors] = useState<AppearanceErrors>({});
  const submitted = isAppSubmitted(shop);
  const stored = config.data ? appearanceFormOf(config.data, featured.data?.title ?? null) : null;
  const form = draft ?? stored;
  const dirty = submitted && draft !== null && JSON.stringify(draft) !== JSON.stringify(stored);

  const change = (patch: Partial<AppearanceForm>) => {
    if (form) setDraft({ ...form, ...patch });
  };

  const save = async () => {
    if (!form) return;
    if (!form.collection) {
      host.showToast(MOBILE_MESSAGES.selectFeaturedCollection, { error: true });
      return;
    }
    const found = appearanceErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saveConfig.save(appearanceBody(form), () => setDraft(null));
  };
  useSaveBar(dirty, saveConfig.saving, {
    save: () => void save(),
    discard: () => {
      setDraft(null);
      setErrors({});
    },
  });

  const uploadLogo = async (file: File) => {
    try {
      const headerLogoUrl = await uploadAppImage(api, shop.shopifyDomain, file);
      // From the latest draft: other fields may have changed during the upload.
      setDraft((current) => {
        const base = current ?? stored;
        return base ? { ...base, headerLogoUrl } : current;
      });
    } catch {
      host.showToast(MOBILE_MESSAGES.failed, { error: true });
    }
  };

  return (
    <MobileFrame
      tab="appearance"
      loading={config.isPending}
      preview={
        form ? (
          <AppPreviewPanel
            look={{
              primaryColor: form.primaryColor,
              secondaryColor: form.secondaryColor,
              bannerColor: form.bannerColor,
              bannerTitle: form.bannerTitle,
              bannerText: form.bannerText,
              liveBannerColor: form.liveBannerColor,
              liveBannerTitle: form.liveBannerTitle,
              liveBannerText: form.liveBannerText,
              headerLogoUrl: form.headerLogoUrl,
              font: form.font,
            }}
            collectionId={form.collection?.value ?? null}
          />
        ) : null
      }
    >
      {form ? (
        <>
          <TitledCard title="Inventory display">
            <TextField
              label="Show the stock left when it is at most"
              type="number"
              min={1}
              max={99}
              value={form.showInventoryLimit}
              onChange={(showInventoryLimit) => change({ showInventoryLimit })}
              error={errors.showInventoryLimit}
              autoComplete="off"
            />
          </TitledCard>
          <HeaderLogoCard
            url={form.headerLogoUrl}
            size={HEADER_LOGO_SIZE}
            onFile={uploadLogo}
            onProblem={(message) => host.showToast(message, { error: true })}
          />
          <TitledCard title="Colours">
            <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
              {COLOUR_FIELDS.map(([field, label]) => (
                <ColourField
                  key={field}
                  label={label}
                  value={form[field]}
                  onChange={(value) => change({ [field]: value })}
                  error={errors[field]}
                />
              ))}
            </InlineGrid>
          </TitledCard>
          <TitledCard title="Banners and font">
            <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
              {TEXT_FIELDS.map(([field, label]) => (
                <TextField
                  key={field}
                  label={label}
                  value={form[field]}
                  onChange={(value) => change({ [field]: value })}
                  maxLength={BANNER_TEXT_MAX}
                  showCharacterCount
                  error={errors[field]}
                  autoComplete="off"
                />
              ))}
            </InlineGrid>
            <Select
              label="Font"
              options={CUSTOM_FONTS.map((font) => ({ label: font, value: font }))}
              value={form.font}
              onChange={(font) => change({ font })}
            />
          </TitledCard>
          <Card>
            <CollectionPicker
              label="Featured collection"
              selected={form.collection}
              onSelect={(collection) => change({ collection })}
            />
          </Card>
        </>
      ) : null}
    </MobileFrame>
  );
}
