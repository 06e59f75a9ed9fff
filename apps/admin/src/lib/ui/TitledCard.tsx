import { BlockStack, Card, InlineStack, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

type Gap = '200' | '300' | '400';

interface Props {
  title: ReactNode;
  /** Beside the heading at the card's end (a count, an action). */
  aside?: ReactNode;
  /** Space between the heading and each of the card's rows. */
  gap?: Gap;
  children?: ReactNode;
}

/**
 * A card that opens with its section heading (Polaris' card layout: an h2 in headingMd, then the
 * card's rows in one stack), the way most of the admin's cards begin.
 */
export function TitledCard({ title, aside, gap = '300', children }: Props) {
  const heading = (
    <Text as="h2" variant="headingMd">
      {title}
    </Text>
  );
  return (
    <Card>
      <BlockStack gap={gap}>
        {aside ? (
          <InlineStack align="space-between" blockAlign="center">
            {heading}
            {aside}
          </InlineStack>
        ) : (
          heading
        )}
        {children}
      </BlockStack>
    </Card>
  );
}
