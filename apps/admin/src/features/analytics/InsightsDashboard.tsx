import {
  type CarouselStatsItem,
  INSIGHTS_TEXT,
  type InsightsFigures,
  type PopclipStatsItem,
  type SummaryItem,
} from '@popstage/core/analytics';
import {
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  DataTable,
  InlineGrid,
  InlineStack,
  Link,
  Pagination,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageShell } from '../../app/shell/PageShell';
import { useShop } from '../../app/shop/ShopContext';
import { useApi } from '../../lib/api/ApiContext';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { change, formatChange, formatCount, formatMoney } from './format';
import { InsightsCharts } from './InsightsCharts';
import {
  allCarouselRows,
  allPopclipRows,
  downloadCsv,
  type InsightsFilter,
  useCarouselsStats,
  useMonthly,
  usePopclipsStats,
  useSummary,
  useWeekly,
} from './insights-api';
import { RANGE_PRESETS, type RangePreset, readFilter, WINDOW_OPTIONS } from './insights-filter';
import { PopclipInsights } from './PopclipInsights';
import { useTrack } from './use-track';

/** The one-line explanation of the kinds, next to the numbers (docs/decisions.md). */
export const KINDS_EXPLAINED =
  'Direct: the product was clicked or added to cart from a Popclip. Indirect: another product, bought after a click, add to cart or like on a Popclip. Influenced: bought within 24 hours of watching a Popclip, with no other interaction.';

/** Native dashboard: summary, charts, weekly, monthly, per-Popclip and per-carousel tables. */
export function InsightsDashboard() {
  const shop = useShop();
  const shopId = shop.shopifyDomain;
  const [params, setParams] = useSearchParams();
  const [timeZone, setTimeZone] = useState<string>();
  const { preset, filter } = readFilter(params, timeZone, new Date());
  const summary = useSummary(shopId, filter);
  if (summary.data && summary.data.time_zone !== timeZone) setTimeZone(summary.data.time_zone);
  const track = useTrack();
  useEffect(() => {
    track({ action: 'view', category: 'insights', stage: 'dashboard' });
  }, [track]);

  const update = (changes: Record<string, string | null>) => {
    const [name] = Object.keys(changes);
    if (name === 'clip' && changes.clip) {
      track({
        action: 'open_popclip',
        category: 'insights',
        properties: { popclipId: changes.clip },
      });
    } else if (name && name !== 'clip') {
      track({
        action:
          name === 'range' || name === 'from' || name === 'to' ? 'change_range' : `change_${name}`,
        category: 'insights',
        properties: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v])),
      });
    }
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const clipId = params.get('clip');
  if (clipId) {
    return (
      <PopclipInsights
        shopId={shopId}
        filter={filter}
        popclipId={clipId}
        onBack={() => update({ clip: null })}
      />
    );
  }

  return (
    <PageShell title="Insights" fullWidth>
      <BlockStack gap="400">
        <FilterBar preset={preset} filter={filter} summary={summary.data} onChange={update} />
        <SummaryCards summary={summary.data} loading={summary.isPending} />
        <InsightsCharts shopId={shopId} filter={filter} currency={summary.data?.currency} />
        <InlineGrid columns={{ xs: 1, lg: 2 }} gap="400">
          <WeeklyTable shopId={shopId} filter={filter} currency={summary.data?.currency} />
          <MonthlyTable shopId={shopId} filter={filter} currency={summary.data?.currency} />
        </InlineGrid>
        <PopclipsTable shopId={shopId} filter={filter} onOpen={(id) => update({ clip: id })} />
        <CarouselsTable shopId={shopId} filter={filter} />
      </BlockStack>
    </PageShell>
  );
}

function FilterBar(props: {
  preset: RangePreset;
  filter: InsightsFilter;
  summary: SummaryItem | undefined;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const { preset, filter, summary, onChange } = props;
  const [from, setFrom] = useState(filter.from ?? summary?.from ?? '');
  const [to, setTo] = useState(filter.to ?? summary?.to ?? '');
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="300" wrap blockAlign="end">
          <Box minWidth="180px">
            <Select
              label="Date range"
              options={RANGE_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
              value={preset}
              onChange={(value) =>
                onChange(
                  value === 'custom'
                    ? { range: value, from: summary?.from ?? null, to: summary?.to ?? null }
                    : { range: value, from: null, to: null },
                )
              }
            />
          </Box>
          {preset === 'custom' ? (
            <>
              <Box minWidth="150px">
                <TextField
                  label="From"
                  type="date"
                  autoComplete="off"
                  value={from || (filter.from ?? '')}
                  onChange={setFrom}
                  onBlur={() => from && onChange({ from })}
                />
              </Box>
              <Box minWidth="150px">
                <TextField
                  label="To"
                  type="date"
                  autoComplete="off"
                  value={to || (filter.to ?? '')}
                  onChange={setTo}
                  onBlur={() => to && onChange({ to })}
                />
              </Box>
            </>
          ) : null}
          <Box minWidth="140px">
            <Select
              label="Attribution window"
              options={WINDOW_OPTIONS}
              value={String(filter.window)}
              onChange={(value) => onChange({ window: value })}
            />
          </Box>
          <Checkbox
            label="Compare with the previous period"
            checked={filter.compare}
            onChange={(checked) => onChange({ compare: checked ? '1' : null })}
          />
        </InlineStack>
        <Text as="p" variant="bodySm" tone="subdued">
          {summary
            ? `${summary.from} to ${summary.to}. Days, ISO weeks (Monday to Sunday) and calendar months follow the store's time zone, ${summary.time_zone}. Sales are credited within ${filter.window === 1 ? '1 day' : `${filter.window} days`} of a click, add to cart or like, and 24 hours of a view.`
            : 'Days, ISO weeks (Monday to Sunday) and calendar months follow the store\u2019s time zone.'}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {KINDS_EXPLAINED}
        </Text>
      </BlockStack>
    </Card>
  );
}

function SummaryCards({ summary, loading }: { summary?: SummaryItem; loading: boolean }) {
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

const deltaTone = (delta: number | null) =>
  delta === null || delta === 0 ? 'subdued' : delta > 0 ? 'success' : 'critical';

function TableCard(props: {
  title: string;
  onExport?: () => void;
  exporting?: boolean;
  children: React.ReactNode;
  footer?: React.ReactNode;
  toolbar?: React.ReactNode;
}) {
  const track = useTrack();
  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {props.title}
          </Text>
          {props.onExport ? (
            <Button
              onClick={() => {
                track({
                  action: 'export_csv',
                  category: 'insights',
                  cta: { label: 'Export CSV', target: props.title },
                });
                props.onExport?.();
              }}
              loading={props.exporting}
              size="slim"
            >
              Export CSV
            </Button>
          ) : null}
        </InlineStack>
        {props.toolbar ? <Box paddingBlockStart="200">{props.toolbar}</Box> : null}
      </Box>
      {props.children}
      {props.footer ? (
        <Box padding="300">
          <InlineStack align="center">{props.footer}</InlineStack>
        </Box>
      ) : null}
    </Card>
  );
}

function Empty() {
  return (
    <Box padding="400">
      <Text as="p" tone="subdued" alignment="center">
        {INSIGHTS_TEXT.noData}
      </Text>
    </Box>
  );
}

function Loading() {
  return (
    <Box padding="400">
      <SkeletonBodyText lines={5} />
    </Box>
  );
}

const pct = (value: number) => `${value}%`;

/** 'Nov 23' from '2026-11-23' (a calendar day: no time zone shift). */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function WeeklyTable({
  shopId,
  filter,
  currency = 'USD',
}: {
  shopId: string;
  filter: InsightsFilter;
  currency?: string;
}) {
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
      {weeks.isPending ? (
        <Loading />
      ) : rows.length === 0 || rows.every((w) => w.views + w.clicks + w.orders === 0) ? (
        <Empty />
      ) : (
        <DataTable
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
      )}
    </TableCard>
  );
}

function MonthlyTable({
  shopId,
  filter,
  currency = 'USD',
}: {
  shopId: string;
  filter: InsightsFilter;
  currency?: string;
}) {
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
      {months.isPending ? (
        <Loading />
      ) : rows.length === 0 || rows.every((m) => m.orders === 0) ? (
        <Empty />
      ) : (
        <DataTable
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
      )}
    </TableCard>
  );
}

/** A figure with its change against the previous period when comparing. */
function withDelta(value: string, current: number, previous: number | undefined) {
  if (previous === undefined) return value;
  return `${value} (${formatChange(change(current, previous))})`;
}

const statsColumns = <T extends InsightsFigures & { currency: string }>(currency: string) => [
  { header: 'views', value: (r: T) => r.views },
  { header: 'clicks', value: (r: T) => r.clicks },
  { header: 'add_to_carts', value: (r: T) => r.add_to_carts },
  { header: 'likes', value: (r: T) => r.likes },
  { header: 'impressions', value: (r: T) => r.impressions },
  { header: 'orders', value: (r: T) => r.orders },
  { header: `sales_${currency}`, value: (r: T) => r.sales },
  { header: `direct_sales_${currency}`, value: (r: T) => r.direct_sales },
  { header: `indirect_sales_${currency}`, value: (r: T) => r.indirect_sales },
  { header: `influenced_sales_${currency}`, value: (r: T) => r.influenced_sales },
];

function statsCells(row: InsightsFigures & { currency: string; previous: InsightsFigures | null }) {
  const prev = row.previous ?? undefined;
  return [
    withDelta(formatCount(row.views), row.views, prev?.views),
    withDelta(formatCount(row.clicks), row.clicks, prev?.clicks),
    withDelta(formatCount(row.add_to_carts), row.add_to_carts, prev?.add_to_carts),
    withDelta(formatCount(row.orders), row.orders, prev?.orders),
    withDelta(
      formatMoney(row.sales, row.currency),
      Number(row.sales),
      prev ? Number(prev.sales) : undefined,
    ),
  ];
}

/** Cursor paging: the cursors of the pages before, so Previous goes back. */
function useCursorPages() {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: stack[stack.length - 1],
    next: (cursor: string) => setStack((s) => [...s, cursor]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
    reset: () => setStack([undefined]),
  };
}

function PopclipsTable(props: {
  shopId: string;
  filter: InsightsFilter;
  onOpen: (id: string) => void;
}) {
  const { shopId, filter, onOpen } = props;
  const api = useApi();
  const [search, setSearch] = useState('');
  const searchValue = useDebouncedValue(search.trim(), 300);
  const pages = useCursorPages();
  const filterKey = JSON.stringify([filter, searchValue]);
  const [lastKey, setLastKey] = useState(filterKey);
  if (lastKey !== filterKey) {
    setLastKey(filterKey);
    pages.reset();
  }
  const stats = usePopclipsStats(shopId, filter, { cursor: pages.cursor, searchValue });
  const [exporting, setExporting] = useState(false);
  const rows = stats.data?.items ?? [];
  const currency = rows[0]?.currency ?? 'USD';
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await allPopclipRows(api, shopId, filter, searchValue || undefined);
      downloadCsv(
        'insights-popclips.csv',
        [
          { header: 'popclip_id', value: (r: PopclipStatsItem) => r.popclip_id },
          { header: 'popclip_title', value: (r: PopclipStatsItem) => r.popclip_title },
          ...statsColumns<PopclipStatsItem>(all[0]?.currency ?? currency),
        ],
        all,
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <TableCard
      title="Popclips"
      onExport={rows.length ? () => void exportCsv() : undefined}
      exporting={exporting}
      toolbar={
        <TextField
          label="Search by title"
          labelHidden
          placeholder="Search by title"
          autoComplete="off"
          value={search}
          onChange={setSearch}
          clearButton
          onClearButtonClick={() => setSearch('')}
        />
      }
      footer={
        stats.data && (stats.data.hasNextPage || stats.data.hasPreviousPage) ? (
          <Pagination
            hasPrevious={stats.data.hasPreviousPage}
            onPrevious={pages.previous}
            hasNext={stats.data.hasNextPage}
            onNext={() => stats.data?.cursor && pages.next(stats.data.cursor)}
          />
        ) : null
      }
    >
      {stats.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty />
      ) : (
        <DataTable
          columnContentTypes={['text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric']}
          headings={['Popclip', 'Views', 'Clicks', 'Add to carts', 'Orders', 'Sales']}
          rows={rows.map((row) => [
            <Link key={row.popclip_id} removeUnderline onClick={() => onOpen(row.popclip_id)}>
              {row.popclip_title.length > 46
                ? `${row.popclip_title.slice(0, 46)}…`
                : row.popclip_title}
            </Link>,
            ...statsCells(row),
          ])}
        />
      )}
    </TableCard>
  );
}

function CarouselsTable({ shopId, filter }: { shopId: string; filter: InsightsFilter }) {
  const api = useApi();
  const pages = useCursorPages();
  const filterKey = JSON.stringify(filter);
  const [lastKey, setLastKey] = useState(filterKey);
  if (lastKey !== filterKey) {
    setLastKey(filterKey);
    pages.reset();
  }
  const stats = useCarouselsStats(shopId, filter, pages.cursor);
  const [exporting, setExporting] = useState(false);
  const rows = stats.data?.items ?? [];
  const currency = rows[0]?.currency ?? 'USD';
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await allCarouselRows(api, shopId, filter);
      downloadCsv(
        'insights-carousels.csv',
        [
          { header: 'carousel_id', value: (r: CarouselStatsItem) => r.carousel_id },
          { header: 'carousel_title', value: (r: CarouselStatsItem) => r.carousel_title },
          { header: 'popclips', value: (r: CarouselStatsItem) => r.popclips },
          ...statsColumns<CarouselStatsItem>(all[0]?.currency ?? currency),
        ],
        all,
      );
    } finally {
      setExporting(false);
    }
  };
  const columns = useMemo(
    () => ['text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric'] as const,
    [],
  );
  return (
    <TableCard
      title="Carousels"
      onExport={rows.length ? () => void exportCsv() : undefined}
      exporting={exporting}
      footer={
        stats.data && (stats.data.hasNextPage || stats.data.hasPreviousPage) ? (
          <Pagination
            hasPrevious={stats.data.hasPreviousPage}
            onPrevious={pages.previous}
            hasNext={stats.data.hasNextPage}
            onNext={() => stats.data?.cursor && pages.next(stats.data.cursor)}
          />
        ) : null
      }
    >
      {stats.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty />
      ) : (
        <DataTable
          columnContentTypes={[...columns]}
          headings={['Carousel', 'Popclips', 'Views', 'Clicks', 'Add to carts', 'Orders', 'Sales']}
          rows={rows.map((row) => [
            row.carousel_title,
            formatCount(row.popclips),
            ...statsCells(row),
          ])}
          footerContent={`Figures of the Popclips each carousel holds.`}
        />
      )}
    </TableCard>
  );
}
