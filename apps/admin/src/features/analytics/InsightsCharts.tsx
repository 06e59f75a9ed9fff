import { BarChart, LineChart, PolarisVizProvider } from '@shopify/polaris-viz';
import '@shopify/polaris-viz/build/esm/styles.css';
import { Box, InlineGrid, SkeletonBodyText } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { TitledCard } from '../../lib/ui/TitledCard';
import { type InsightsFilter, useDaily } from './data';
import { formatCount, formatMoney } from './format';
import { shortDay } from './insights-table-card';

/** Views, clicks and add-to-carts per day, and the credited sales per day by kind (Polaris Viz). */
export function InsightsCharts(props: {
  shopId: string;
  filter: InsightsFilter;
  currency?: string;
}) {
  const days = useDaily(props.shopId, props.filter);
  const currency = props.currency ?? 'USD';
  const rows = days.data ?? [];
  const series = (name: string, value: (row: (typeof rows)[number]) => number) => ({
    name,
    data: rows.map((row) => ({ key: row.day, value: value(row) })),
  });
  return (
    <PolarisVizProvider>
      <InlineGrid columns={{ xs: 1, lg: 2 }} gap="400">
        <ChartCard title="Engagement" loading={days.isPending}>
          <LineChart
            theme="Light"
            data={[
              series('Views', (r) => r.views),
              series('Clicks', (r) => r.clicks),
              series('Add to carts', (r) => r.add_to_carts),
            ]}
            xAxisOptions={{ labelFormatter: (value) => shortDay(String(value ?? '')) }}
            yAxisOptions={{ labelFormatter: (value) => formatCount(Number(value ?? 0)) }}
          />
        </ChartCard>
        <ChartCard title="Attributed sales" loading={days.isPending}>
          <BarChart
            theme="Light"
            type="stacked"
            data={[
              series('Direct', (r) => Number(r.direct_sales)),
              series('Indirect', (r) => Number(r.indirect_sales)),
              series('Influenced', (r) => Number(r.influenced_sales)),
            ]}
            xAxisOptions={{ labelFormatter: (value) => shortDay(String(value ?? '')) }}
            yAxisOptions={{
              labelFormatter: (value) => formatMoney(String(value ?? 0), currency),
            }}
          />
        </ChartCard>
      </InlineGrid>
    </PolarisVizProvider>
  );
}

/** A chart's card: a skeleton in the chart's place until the days are read. */
function ChartCard({
  title,
  loading,
  children,
}: {
  title: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title} gap="200">
      <Box minHeight="260px">
        {loading ? <SkeletonBodyText lines={8} /> : <div style={{ height: 260 }}>{children}</div>}
      </Box>
    </TitledCard>
  );
}
