import { BlockStack, Box, Card, Text } from '@shopify/polaris';

/** The clip's video: the picked file (object URL) or the stored one (edit). */
export function VideoPreviewCard({ src, poster }: { src: string | null; poster?: string | null }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Preview
        </Text>
        {src ? (
          // biome-ignore lint/a11y/useMediaCaption: merchants' own clips have no caption track.
          <video
            src={src}
            poster={poster ?? undefined}
            controls
            playsInline
            aria-label="Video preview"
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
      </BlockStack>
    </Card>
  );
}
