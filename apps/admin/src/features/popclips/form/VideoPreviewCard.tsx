import { Banner, Box, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { TitledCard } from '../../../lib/ui/TitledCard';

/** Said when the browser cannot play the picked file (HEVC in Chromium, say): it is not lost. */
export const PREVIEW_UNPLAYABLE =
  "Your browser can't play this video's format (HEVC, for example), so the preview stays dark. Save as usual: Popstage converts the clip, and it plays on your storefront.";

/** The clip's video: the picked file (object URL) or the stored one (edit). */
export function VideoPreviewCard({ src, poster }: { src: string | null; poster?: string | null }) {
  const [unplayable, setUnplayable] = useState(false);
  // Each new file gets its own chance to play.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the source changes.
  useEffect(() => setUnplayable(false), [src]);
  return (
    <TitledCard title="Preview">
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: merchants' own clips have no caption track.
        <video
          src={src}
          poster={poster ?? undefined}
          controls
          playsInline
          aria-label="Video preview"
          // A codec the browser lacks fails to decode, or loads with no picture (0 × 0).
          onError={() => setUnplayable(true)}
          onLoadedMetadata={(event) => {
            if (event.currentTarget.videoWidth === 0) setUnplayable(true);
          }}
          style={{
            display: 'block',
            width: '100%',
            maxHeight: 420,
            background: '#000',
            borderRadius: 8,
          }}
        />
      ) : (
        <Box padding="600" background="bg-surface-secondary" borderRadius="200">
          <Text as="p" tone="subdued" alignment="center">
            Your video will show here.
          </Text>
        </Box>
      )}
      {src && unplayable ? <Banner tone="info">{PREVIEW_UNPLAYABLE}</Banner> : null}
    </TitledCard>
  );
}
