import { THUMBNAIL_ACCEPT } from '@popstage/core/popclips';
import { Checkbox, DropZone, InlineError, Text } from '@shopify/polaris';
import { TitledCard } from '../../../lib/ui/TitledCard';
import { useObjectUrl } from './use-object-url';

interface Props {
  enabled: boolean;
  file: File | null;
  /** The clip's stored custom thumbnail (edit), shown until a new one is picked. */
  storedUrl: string | null;
  error: string | undefined;
  disabled: boolean;
  /** The custom thumbnail stays on (edit of a clip that has one): it can only be replaced. */
  locked: boolean;
  onToggle: (enabled: boolean) => void;
  onPick: (file: File) => void;
}

/** A custom thumbnail (spec 02 §2, §5): JPEG, PNG, WebP or GIF under 1MB; else a video frame. */
export function ThumbnailCard(props: Props) {
  const { enabled, file, storedUrl, error, disabled, locked, onToggle, onPick } = props;
  const pickedUrl = useObjectUrl(file);
  const preview = pickedUrl ?? storedUrl;
  return (
    <TitledCard title="Thumbnail">
      {locked ? null : (
        <Checkbox
          label="Use a custom thumbnail"
          // Said while it is true: once ticked, the merchant's own image is used.
          helpText={enabled ? undefined : 'Otherwise a frame of the video is used.'}
          checked={enabled}
          disabled={disabled}
          onChange={onToggle}
        />
      )}
      {enabled ? (
        <>
          <DropZone
            id="popclip-thumbnail"
            label="Thumbnail image"
            labelHidden
            accept={THUMBNAIL_ACCEPT}
            type="image"
            allowMultiple={false}
            disabled={disabled}
            error={Boolean(error)}
            onDrop={(files) => {
              const picked = files[0];
              if (picked) onPick(picked);
            }}
          >
            {preview ? (
              <img
                src={preview}
                alt="Custom thumbnail"
                style={{ display: 'block', width: '100%', maxHeight: 240, objectFit: 'contain' }}
              />
            ) : (
              <DropZone.FileUpload
                actionTitle="Add image"
                actionHint="JPEG, PNG, WebP or GIF, under 1MB"
              />
            )}
          </DropZone>
          {preview ? (
            <Text as="p" tone="subdued" variant="bodySm">
              Click or drop an image to replace it.
            </Text>
          ) : null}
          {error ? <InlineError message={error} fieldID="popclip-thumbnail" /> : null}
        </>
      ) : null}
    </TitledCard>
  );
}
