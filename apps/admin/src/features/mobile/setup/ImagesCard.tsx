import {
  APP_ICON_SIZE,
  LAUNCH_SCREEN_SIZE,
  MOBILE_IMAGE_TYPES,
  MOBILE_MESSAGES,
} from '@popstage/core/mobile';
import {
  BlockStack,
  Button,
  DropZone,
  InlineError,
  InlineGrid,
  Modal,
  Thumbnail,
} from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useApi } from '../../../lib/api/ApiContext';
import { ColourField } from '../ColourField';
import { uploadAppImage } from '../data';
import { PhonePreview, type PreviewScreen } from '../preview/PhonePreview';
import { imageProblem, imageRejectedMessage } from './image-check';
import type { SetupErrors, SetupForm } from './setup-form';

interface Props {
  form: SetupForm;
  errors: SetupErrors;
  readOnly: boolean;
  onChange(patch: Partial<SetupForm>): void;
}

/** App icon (1536×1536), launch screen (1000×1600), the two colours and their preview. */
export function ImagesCard({ form, errors, readOnly, onChange }: Props) {
  const [previewOpen, setPreviewOpen] = useState(false);
  const [screen, setScreen] = useState<PreviewScreen>('home');
  return (
    <BlockStack gap="300">
      <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
        <ImageDrop
          label="App icon (1536x1536)"
          size={APP_ICON_SIZE}
          url={form.iconUrl}
          error={errors.iconUrl}
          disabled={readOnly}
          onUploaded={(iconUrl) => onChange({ iconUrl })}
        />
        <ImageDrop
          label="Launch screen (1000x1600)"
          size={LAUNCH_SCREEN_SIZE}
          url={form.launchUrl}
          error={errors.launchUrl}
          disabled={readOnly}
          onUploaded={(launchUrl) => onChange({ launchUrl })}
        />
        <ColourField
          label="Primary colour"
          value={form.primaryColor}
          onChange={(primaryColor) => onChange({ primaryColor })}
          error={errors.primaryColor}
          disabled={readOnly}
        />
        <ColourField
          label="Secondary colour"
          value={form.secondaryColor}
          onChange={(secondaryColor) => onChange({ secondaryColor })}
          error={errors.secondaryColor}
          disabled={readOnly}
        />
      </InlineGrid>
      <div>
        <Button onClick={() => setPreviewOpen(true)}>Preview colours</Button>
      </div>
      <Modal
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        title="Colour preview"
        secondaryActions={[
          { content: 'Home', onAction: () => setScreen('home') },
          { content: 'Product page', onAction: () => setScreen('product') },
        ]}
      >
        <Modal.Section>
          <PhonePreview
            screen={screen}
            look={{
              appName: form.desiredAppName,
              primaryColor: form.primaryColor,
              secondaryColor: form.secondaryColor,
            }}
            products={MOCK_PRODUCTS}
            collectionTitle="Featured collection"
          />
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}

/** The colour preview's stand-in products (the real ones come with the featured collection). */
const MOCK_PRODUCTS = [1, 2, 3, 4].map((n) => ({
  id: `mock-${n}`,
  title: `Product ${n}`,
  handle: `product-${n}`,
  imageUrl: null,
  price: `${n}9.00`,
  currencyCode: 'USD',
  availableForSale: true,
}));

interface DropProps {
  label: string;
  size: { width: number; height: number };
  url: string | null;
  error: string | undefined;
  disabled: boolean;
  onUploaded(url: string): void;
}

function ImageDrop({ label, size, url, error, disabled, onUploaded }: DropProps) {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const [uploading, setUploading] = useState(false);

  const accept = async (file: File | undefined) => {
    if (!file) return;
    const problem = await imageProblem(file, size);
    if (problem) {
      host.showToast(problem, { error: true });
      return;
    }
    setUploading(true);
    try {
      onUploaded(await uploadAppImage(api, shop.shopifyDomain, file));
    } catch {
      host.showToast(MOBILE_MESSAGES.failed, { error: true });
    } finally {
      setUploading(false);
    }
  };

  return (
    <BlockStack gap="100">
      <DropZone
        accept={MOBILE_IMAGE_TYPES.join(',')}
        type="image"
        allowMultiple={false}
        disabled={disabled || uploading}
        onDropAccepted={(files) => void accept(files[0])}
        onDropRejected={() => host.showToast(imageRejectedMessage(size), { error: true })}
        label={label}
      >
        {url ? (
          <div style={{ padding: 8, display: 'flex', justifyContent: 'center' }}>
            <Thumbnail source={url} alt={label} size="large" />
          </div>
        ) : (
          <DropZone.FileUpload actionHint="gif, jpg or png" />
        )}
      </DropZone>
      {error ? <InlineError message={error} fieldID={label} /> : null}
    </BlockStack>
  );
}
