import type { ClipSourceType } from '@popstage/core/popclips';
import { BlockStack, Button, ButtonGroup, Card, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

const SOURCES: { id: ClipSourceType; label: string }[] = [
  { id: 'instagram', label: 'Instagram' },
  { id: 'tiktok', label: 'TikTok' },
  { id: 'device', label: 'Upload from device' },
];

interface Props {
  source: ClipSourceType;
  onSelect: (source: ClipSourceType) => void;
  disabled: boolean;
  children: ReactNode;
}

/**
 * Where the video comes from (spec 02 §2). A segmented button group rather than Polaris Tabs:
 * three fixed choices need no overflow menu, and Tabs measures its width to build one.
 */
export function SourceCard({ source, onSelect, disabled, children }: Props) {
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Video
          </Text>
          <ButtonGroup variant="segmented">
            {SOURCES.map((option) => (
              <Button
                key={option.id}
                pressed={option.id === source}
                disabled={disabled}
                onClick={() => onSelect(option.id)}
              >
                {option.label}
              </Button>
            ))}
          </ButtonGroup>
        </BlockStack>
        {children}
      </BlockStack>
    </Card>
  );
}
