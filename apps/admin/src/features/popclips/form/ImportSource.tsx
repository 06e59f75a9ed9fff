import {
  canImportSourceUrl,
  INSTAGRAM_HOST,
  type SocialSourceType,
  sourceUrlError,
  TIKTOK_HOST,
} from '@popstage/core/popclips';
import { BlockStack, Button, InlineStack, TextField } from '@shopify/polaris';
import { useState } from 'react';

const LABELS: Record<SocialSourceType, { label: string; placeholder: string }> = {
  instagram: { label: 'Instagram reel URL', placeholder: `${INSTAGRAM_HOST}/reel/...` },
  tiktok: { label: 'TikTok video URL', placeholder: `${TIKTOK_HOST}/@user/video/...` },
};

interface Props {
  source: SocialSourceType;
  url: string;
  importing: boolean;
  onChange: (url: string) => void;
  onImport: () => void;
}

/** Instagram or TikTok (spec 02 §2, §5): Import stays disabled while the URL is empty or invalid. */
export function ImportSource({ source, url, importing, onChange, onImport }: Props) {
  const [touched, setTouched] = useState(false);
  // Quiet until the merchant typed or left the field: an untouched empty field is no mistake.
  const error = touched || url !== '' ? sourceUrlError(source, url) : null;
  const { label, placeholder } = LABELS[source];
  return (
    <BlockStack gap="300">
      <TextField
        label={label}
        placeholder={placeholder}
        value={url}
        onChange={(value) => {
          setTouched(true);
          onChange(value);
        }}
        onBlur={() => setTouched(true)}
        error={error ?? undefined}
        type="url"
        autoComplete="off"
        disabled={importing}
      />
      <InlineStack align="end">
        <Button
          variant="primary"
          disabled={!canImportSourceUrl(source, url)}
          loading={importing}
          onClick={onImport}
        >
          Import
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
