import { INSIGHTS_TEXT } from '@popstage/core/analytics';
import {
  BlockStack,
  Box,
  Button,
  Card,
  DataTable,
  InlineGrid,
  InlineStack,
  ProgressBar,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { PageShell } from '../../app/shell/PageShell';
import { TitledCard } from '../../lib/ui/TitledCard';
import { downloadCsv, type InsightsFilter, usePopclipDetail } from './data';
import { change, formatChange, formatCount, formatMoney } from './format';
import { useTrack } from './use-track';

/** One clip: its funnel and the orders it was credited on (the range and window of the page). */
export function PopclipInsights(props: {
  shopId: string;
  filter: InsightsFilter;
  popclipId: string;
  onBack: () => void;
}) {
  const detail = usePopclipDetail(props.shopId, props.filter, props.popclipId);
  const track = useTrack();
  const d = detail.data;
  const title = d ? d.popclip_title : 'Popclip';
  const steps = d
    ? [
        { label: 'Impressions', value: d.funnel.impressions, previous: d.previous?.impressions },
        { label: 'Plays', value: d.funnel.views, previous: d.previous?.views },
        { label: 'Product clicks', value: d.funnel.clicks, previous: d.previous?.clicks },
        { label: 'Add to cart', value: d.funnel.add_to_carts, previous: d.previous?.add_to_carts },
        { label: 'Orders', value: d.funnel.orders, previous: d.previous?.orders },
      ]
    : [];
  const top = Math.max(1, ...steps.map((step) => step.value));
  const exportOrders = () =>
    d &&
    downloadCsv(
      `insights-popclip-${d.popclip_id}-orders.csv`,
      [
        { header: 'order', value: (o) => o.name },
        { header: 'order_id', value: (o) => o.order_id },
        { header: 'ordered_at', value: (o) => o.ordered_at },
        { header: 'kind', value: (o) => o.kind },
        { header: 'product_id', value: (o) => o.product_id },
        { header: 'quantity', value: (o) => o.quantity },
        { header: `revenue_${d.currency}`, value: (o) => o.revenue },
      ],
      d.orders,
    );
  return (
    <PageShell title={title} subtitle="Insights" fullWidth>
      <BlockStack gap="400">
        <Box paddingInlineStart={{ xs: '400', sm: '0' }}>
          <InlineStack>
            <Button onClick={props.onBack} variant="plain">
              Back to Insights
            </Button>
          </InlineStack>
        </Box>
        {detail.isPending ? (
          <Card>
            <SkeletonBodyText lines={6} />
          </Card>
        ) : !d ? (
          <Card>
            <Text as="p">{INSIGHTS_TEXT.noData}</Text>
          </Card>
        ) : (
          <>
            <TitledCard title="Funnel">
              <Text as="p" variant="bodySm" tone="subdued">
                {`${d.from} to ${d.to} (${d.time_zone}); sales credited within ${d.window_days === 1 ? '1 day' : `${d.window_days} days`}.`}
              </Text>
              {steps.map((step, index) => {
                const before = index > 0 ? (steps[index - 1]?.value ?? 0) : 0;
                return (
                  <BlockStack gap="100" key={step.label}>
                    <InlineStack align="space-between">
                      <Text as="span">{step.label}</Text>
                      <Text as="span" fontWeight="semibold">
                        {formatCount(step.value)}
                        {index > 0 && before > 0
                          ? ` · ${Math.round((step.value / before) * 1000) / 10}% of ${steps[index - 1]?.label.toLowerCase()}`
                          : ''}
                        {step.previous !== undefined
                          ? ` · ${formatChange(change(step.value, step.previous))}`
                          : ''}
                      </Text>
                    </InlineStack>
                    <ProgressBar progress={(step.value / top) * 100} size="small" />
                  </BlockStack>
                );
              })}
            </TitledCard>
            <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
              {[
                ['Sales', d.funnel.sales],
                ['Direct sales', d.funnel.direct_sales],
                ['Indirect sales', d.funnel.indirect_sales],
                ['Influenced sales', d.funnel.influenced_sales],
              ].map(([label, amount]) => (
                <Card key={label}>
                  <Text as="h3" variant="bodySm" tone="subdued">
                    {label}
                  </Text>
                  <Text as="p" variant="headingLg">
                    {formatMoney(amount ?? '0', d.currency)}
                  </Text>
                </Card>
              ))}
            </InlineGrid>
            <Card padding="0">
              <Box padding="400" paddingBlockEnd="200">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    Orders credited to this Popclip
                  </Text>
                  {d.orders.length ? (
                    <Button
                      size="slim"
                      onClick={() => {
                        track({
                          action: 'export_csv',
                          category: 'insights',
                          cta: { label: 'Export CSV', target: 'Popclip orders' },
                        });
                        exportOrders();
                      }}
                    >
                      Export CSV
                    </Button>
                  ) : null}
                </InlineStack>
              </Box>
              {d.orders.length === 0 ? (
                <Box padding="400">
                  <Text as="p" tone="subdued" alignment="center">
                    {INSIGHTS_TEXT.noData}
                  </Text>
                </Box>
              ) : (
                <DataTable
                  columnContentTypes={['text', 'text', 'text', 'numeric', 'numeric']}
                  headings={['Order', 'Date', 'Credit', 'Quantity', 'Revenue']}
                  rows={d.orders.map((o) => [
                    o.name,
                    new Date(o.ordered_at).toLocaleString('en-US', { timeZone: d.time_zone }),
                    o.kind[0]?.toUpperCase() + o.kind.slice(1),
                    formatCount(o.quantity),
                    formatMoney(o.revenue, d.currency),
                  ])}
                />
              )}
            </Card>
          </>
        )}
      </BlockStack>
    </PageShell>
  );
}
