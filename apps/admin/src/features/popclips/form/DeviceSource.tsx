import { formatNumber } from '@popstage/core/format';
import { MB, VIDEO_ACCEPT, VIDEO_MAX_SECONDS } from '@popstage/core/popclips';
import { BlockStack, DropZone, InlineError, ProgressBar, Text } from '@shopify/polaris';

interface Props {
  video: File | null;
  error: string | undefined;
  /** 0..1 while the video is being PUT, else null. */
  progress: number | null;
  disabled: boolean;
  onPick: (file: File) => void;
}

/** The limits a picked video is checked against (core videoFileSchema, the server's probe). */
export const VIDEO_LIMITS_HINT = `MP4 or MOV, up to 100MB and ${VIDEO_MAX_SECONDS / 60} minutes`;

/** Device upload (spec 02 §2): one .mp4 or .mov up to 100MB, checked as soon as it is picked. */
export function DeviceSource({ video, error, progress, disabled, onPick }: Props) {
  return (
    <BlockStack gap="300">
      <DropZone
        id="popclip-video"
        label="Video"
        accept={VIDEO_ACCEPT}
        type="video"
        allowMultiple={false}
        disabled={disabled}
        error={Boolean(error)}
        // Our rules (core videoFileSchema) decide, not the picker's accept filter.
        onDrop={(files) => {
          const file = files[0];
          if (file) onPick(file);
        }}
      >
        {video ? (
          <div style={{ padding: 'var(--p-space-400)', textAlign: 'center' }}>
            <Text as="p" fontWeight="medium" breakWord>
              {video.name}
            </Text>
            <Text as="p" tone="subdued">
              {`${formatNumber(Math.round((video.size / MB) * 10) / 10)} MB`}
            </Text>
          </div>
        ) : (
          <DropZone.FileUpload actionTitle="Add video" />
        )}
      </DropZone>
      {/* Under the field, not as the drop zone's hint, which Polaris hides on small zones. */}
      <Text as="p" tone="subdued" variant="bodySm">
        {VIDEO_LIMITS_HINT}
      </Text>
      {error ? <InlineError message={error} fieldID="popclip-video" /> : null}
      {progress !== null ? <UploadProgress progress={progress} /> : null}
    </BlockStack>
  );
}

function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <BlockStack gap="100">
      <Text as="p" variant="bodySm">{`Uploading video: ${percent}%`}</Text>
      <ProgressBar progress={percent} size="small" tone="primary" animated />
    </BlockStack>
  );
}
