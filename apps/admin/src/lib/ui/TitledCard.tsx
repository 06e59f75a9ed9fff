import { BlockStack, Card, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

type Gap = '200' | '300' | '400';

interface Props {
  title: ReactNode;
  /** Space between the heading and each of the card's rows. */
  gap?: Gap;
  children?: ReactNode;
}

/**
 * A card that opens with its section heading (Polaris' card layout: an h2 in headingMd, then the
 * card's rows in one stack), the way most of the admin's cards begin.
 */
export function TitledCard({ title, gap = '300', children }: Props) {
  return (
    <Card>
      <BlockStack gap={gap}>
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}
