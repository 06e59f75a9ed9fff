import { CAPTION_LANGUAGE, CAPTION_MESSAGES } from '@popstage/core/captions';
import {
  BlockStack,
  Button,
  DropZone,
  InlineError,
  InlineStack,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { TitledCard } from '../../../lib/ui/TitledCard';
import { useCaptions } from '../data';

/**
 * Captions of a saved clip (issue 19): one WebVTT file per language, shown by the storefront
 * viewer with its CC button and read into the share page's transcript. Each change is saved at
 * once (the file is the whole edit), apart from the clip form's save bar.
 */
export function CaptionsCard({ metaIdentifier }: { metaIdentifier: string }) {
  const host = useHost();
  const { list, put, remove } = useCaptions(metaIdentifier);
  const [language, setLanguage] = useState('en');
  const [label, setLabel] = useState('English');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const add = async () => {
    if (!CAPTION_LANGUAGE.test(language)) return setError(CAPTION_MESSAGES.language);
    if (!file) return setError(CAPTION_MESSAGES.notWebVtt);
    setError(undefined);
    try {
      const vtt = await file.text();
      await put.mutateAsync({ params: { metaIdentifier, language }, body: { label, vtt } });
      setFile(null);
      host.showToast('Captions saved');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const captions = list.data?.data ?? [];
  return (
    <section aria-label="Captions">
      <TitledCard title="Captions">
        <Text as="p" tone="subdued">
          WebVTT files (.vtt), one per language. Shoppers turn them on with the CC button.
        </Text>
        {captions.length > 0 ? (
          <BlockStack gap="200" as="ul">
            {captions.map((caption) => (
              <InlineStack key={caption.language} as="li" align="space-between" blockAlign="center">
                <Text as="span">
                  {caption.label} ({caption.language})
                </Text>
                <Button
                  variant="plain"
                  tone="critical"
                  loading={
                    remove.isPending && remove.variables?.params.language === caption.language
                  }
                  accessibilityLabel={`Remove ${caption.label} captions`}
                  onClick={() =>
                    remove.mutate({ params: { metaIdentifier, language: caption.language } })
                  }
                >
                  Remove
                </Button>
              </InlineStack>
            ))}
          </BlockStack>
        ) : null}
        <InlineStack gap="300" wrap>
          <div style={{ width: 120 }}>
            <TextField
              label="Language"
              helpText="e.g. en, fr-CA"
              value={language}
              onChange={setLanguage}
              autoComplete="off"
            />
          </div>
          <div style={{ flex: 1, minWidth: 160 }}>
            <TextField label="Name" value={label} onChange={setLabel} autoComplete="off" />
          </div>
        </InlineStack>
        <DropZone
          id="popclip-captions"
          label="Captions file"
          accept=".vtt,text/vtt"
          allowMultiple={false}
          error={Boolean(error)}
          onDrop={(files) => setFile(files[0] ?? null)}
        >
          {file ? (
            <Text as="p" alignment="center">
              {file.name}
            </Text>
          ) : (
            <DropZone.FileUpload actionTitle="Add .vtt file" />
          )}
        </DropZone>
        {error ? <InlineError message={error} fieldID="popclip-captions" /> : null}
        <InlineStack align="end">
          <Button onClick={() => void add()} loading={put.isPending} disabled={!file}>
            Save captions
          </Button>
        </InlineStack>
      </TitledCard>
    </section>
  );
}
