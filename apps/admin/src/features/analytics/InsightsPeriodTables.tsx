import { BlockStack, Text } from '@shopify/polaris';
import { downloadCsv, type InsightsFilter, useMonthly, useWeekly } from './data';
import { formatChange, formatCount, formatMoney } from './format';
import { pct, shortDay, TableBody, TableCard } from './insights-table-card';

/** The weekly (ISO weeks) and monthly tables. */

interface PeriodTableProps {
  shopId: string;
  filter: InsightsFilter;
  currency?: string;
}

export function WeeklyTable({ shopId, filter, currency = 'USD' }: PeriodTableProps) {
  const weeks = useWeekly(shopId, filter);
  const rows = weeks.data ?? [];
  const exportCsv = () =>
    downloadCsv(
      'insights-weekly.csv',
      [
        { header: 'week_no', value: (w) => w.week_no },
        { header: 'year', value: (w) => w.year },
        { header: 'from', value: (w) => w.from },
        { header: 'to', value: (w) => w.to },
        { header: 'views', value: (w) => w.views },
        { header: 'clicks', value: (w) => w.clicks },
        { header: 'add_to_carts', value: (w) => w.add_to_carts },
        { header: 'orders', value: (w) => w.orders },
        { header: `sales_${currency}`, value: (w) => w.sales },
        { header: 'click_rate_percentage', value: (w) => w.click_rate_percentage },
        { header: 'conversion_percentage', value: (w) => w.conversion_percentage },
        { header: 'sales_change_percentage', value: (w) => w.sales_change_percentage },
      ],
      rows,
    );
  return (
    <TableCard title="Weekly" onExport={rows.length ? exportCsv : undefined}>
      <TableBody
        loading={weeks.isPending}
        empty={rows.length === 0 || rows.every((w) => w.views + w.clicks + w.orders === 0)}
        columnContentTypes={[
          'text',
          'numeric',
          'numeric',
          'numeric',
          'numeric',
          'numeric',
          'numeric',
        ]}
        headings={['Week', 'Views', 'Clicks', 'Click rate', 'Orders', 'Sales', 'Sales change']}
        rows={rows.map((w) => [
          <BlockStack key={w.from}>
            <span style={{ whiteSpace: 'nowrap' }}>{`Week ${w.week_no}`}</span>
            <Text as="span" variant="bodySm" tone="subdued">
              <span
                style={{ whiteSpace: 'nowrap' }}
              >{`${shortDay(w.from)} – ${shortDay(w.to)}`}</span>
            </Text>
          </BlockStack>,
          formatCount(w.views),
          formatCount(w.clicks),
          pct(w.click_rate_percentage),
          formatCount(w.orders),
          formatMoney(w.sales, currency),
          formatChange(w.sales_change_percentage),
        ])}
      />
    </TableCard>
  );
}

export function MonthlyTable({ shopId, filter, currency = 'USD' }: PeriodTableProps) {
  const months = useMonthly(shopId, filter);
  const rows = months.data ?? [];
  const exportCsv = () =>
    downloadCsv(
      'insights-monthly.csv',
      [
        { header: 'month_no', value: (m) => m.month_no },
        { header: 'month_and_year', value: (m) => m.month_and_year },
        { header: 'from', value: (m) => m.from },
        { header: 'to', value: (m) => m.to },
        { header: 'orders', value: (m) => m.orders },
        { header: `sales_${currency}`, value: (m) => m.sales },
        { header: `direct_sales_${currency}`, value: (m) => m.direct_sales },
        { header: `indirect_sales_${currency}`, value: (m) => m.indirect_sales },
        { header: `influenced_sales_${currency}`, value: (m) => m.influenced_sales },
        { header: 'sales_change_percentage', value: (m) => m.sales_change_percentage },
      ],
      rows,
    );
  return (
    <TableCard title="Monthly" onExport={rows.length ? exportCsv : undefined}>
      <TableBody
        loading={months.isPending}
        empty={rows.length === 0 || rows.every((m) => m.orders === 0)}
        columnContentTypes={['text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric']}
        headings={['Month', 'Orders', 'Sales', 'Direct', 'Indirect', 'Influenced']}
        rows={rows.map((m) => [
          <span key={m.from} style={{ whiteSpace: 'nowrap' }}>
            {m.month_and_year}
          </span>,
          formatCount(m.orders),
          formatMoney(m.sales, currency),
          `${formatMoney(m.direct_sales, currency)} (${pct(m.direct_percentage)})`,
          `${formatMoney(m.indirect_sales, currency)} (${pct(m.indirect_percentage)})`,
          `${formatMoney(m.influenced_sales, currency)} (${pct(m.influenced_percentage)})`,
        ])}
      />
    </TableCard>
  );
}

/** A figure with its change against the previous period when comparing. */
