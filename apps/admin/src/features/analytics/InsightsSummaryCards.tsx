import type { SummaryItem } from '@popstage/core/analytics';
import { BlockStack, Card, InlineGrid, SkeletonBodyText, Text } from '@shopify/polaris';
import { change, formatChange, formatCount, formatMoney } from './format';
import { deltaTone } from './insights-table-card';

/** The summary totals, with their change against the previous period. */

export function SummaryCards({ summary, loading }: { summary?: SummaryItem; loading: boolean }) {
  if (loading || !summary) {
    return (
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    );
  }
  const money = (amount: string) => formatMoney(amount, summary.currency);
  const prev = summary.previous;
  const tiles: { label: string; value: string; delta: number | null | undefined }[] = [
    {
      label: 'Views',
      value: formatCount(summary.views),
      delta: prev && change(summary.views, prev.views),
    },
    {
      label: 'Add to carts',
      value: formatCount(summary.add_to_carts),
      delta: prev && change(summary.add_to_carts, prev.add_to_carts),
    },
    {
      label: 'Clicks',
      value: formatCount(summary.clicks),
      delta: prev && change(summary.clicks, prev.clicks),
    },
    {
      label: 'Sales',
      value: money(summary.sales),
      delta: prev && change(Number(summary.sales), Number(prev.sales)),
    },
    {
      label: 'Popclips uploaded',
      value: formatCount(summary.popclips_uploaded),
      delta: prev && change(summary.popclips_uploaded, prev.popclips_uploaded),
    },
    {
      label: 'Direct sales',
      value: money(summary.direct_sales),
      delta: prev && change(Number(summary.direct_sales), Number(prev.direct_sales)),
    },
    {
      label: 'Indirect sales',
      value: money(summary.indirect_sales),
      delta: prev && change(Number(summary.indirect_sales), Number(prev.indirect_sales)),
    },
    {
      label: 'Influenced sales',
      value: money(summary.influenced_sales),
      delta: prev && change(Number(summary.influenced_sales), Number(prev.influenced_sales)),
    },
  ];
  return (
    <BlockStack gap="200">
      <InlineGrid columns={{ xs: 2, sm: 2, md: 4 }} gap="300">
        {tiles.map((tile) => (
          <Card key={tile.label}>
            <BlockStack gap="100">
              <Text as="h3" variant="bodySm" tone="subdued">
                {tile.label}
              </Text>
              <Text as="p" variant="headingLg">
                {tile.value}
              </Text>
              {prev ? (
                <Text as="p" variant="bodySm" tone={deltaTone(tile.delta ?? null)}>
                  {formatChange(tile.delta ?? null)} vs previous period
                </Text>
              ) : null}
            </BlockStack>
          </Card>
        ))}
      </InlineGrid>
      <Text as="p" variant="bodySm" tone="subdued">
        {`${formatCount(summary.orders)} of ${formatCount(summary.store_orders)} store orders (${formatMoney(summary.store_sales, summary.currency)}) were credited to Popclips.`}
      </Text>
    </BlockStack>
  );
}
