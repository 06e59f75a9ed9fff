import type {
  CarouselStatsItem,
  InsightsFigures,
  PopclipStatsItem,
} from '@popstage/core/analytics';
import { Link, Pagination, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useApi } from '../../lib/api/ApiContext';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import {
  allCarouselRows,
  allPopclipRows,
  downloadCsv,
  type InsightsFilter,
  useCarouselsStats,
  usePopclipsStats,
} from './data';
import { change, formatChange, formatCount, formatMoney } from './format';
import { TableBody, TableCard } from './insights-table-card';

/** The per-Popclip and per-carousel tables: five rows, cursor paging, comparison. */

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

/**
 * Cursor paging: the cursors of the pages before, so Previous goes back; a new `resetKey` (the
 * filter or search changed) starts again from the first page.
 */
function useCursorPages(resetKey: string) {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setStack([undefined]);
  }
  return {
    cursor: stack[stack.length - 1],
    next: (cursor: string) => setStack((s) => [...s, cursor]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
  };
}

/** Previous and Next under a table, when there is another page either way. */
function PageButtons({
  page,
  pages,
}: {
  page: { cursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean } | undefined;
  pages: ReturnType<typeof useCursorPages>;
}) {
  if (!page || !(page.hasNextPage || page.hasPreviousPage)) return null;
  return (
    <Pagination
      hasPrevious={page.hasPreviousPage}
      onPrevious={pages.previous}
      hasNext={page.hasNextPage}
      onNext={() => page.cursor && pages.next(page.cursor)}
    />
  );
}

/** A CSV export of every page (fetched first), with the card's button busy meanwhile. */
function useAllPagesExport(run: () => Promise<void>) {
  const [exporting, setExporting] = useState(false);
  const start = async () => {
    setExporting(true);
    try {
      await run();
    } finally {
      setExporting(false);
    }
  };
  return { exporting, start: () => void start() };
}

export function PopclipsTable(props: {
  shopId: string;
  filter: InsightsFilter;
  onOpen: (id: string) => void;
}) {
  const { shopId, filter, onOpen } = props;
  const api = useApi();
  const [search, setSearch] = useState('');
  const searchValue = useDebouncedValue(search.trim(), 300);
  const pages = useCursorPages(JSON.stringify([filter, searchValue]));
  const stats = usePopclipsStats(shopId, filter, { cursor: pages.cursor, searchValue });
  const rows = stats.data?.items ?? [];
  const currency = rows[0]?.currency ?? 'USD';
  const csv = useAllPagesExport(async () => {
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
  });
  return (
    <TableCard
      title="Popclips"
      onExport={rows.length ? csv.start : undefined}
      exporting={csv.exporting}
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
      footer={<PageButtons page={stats.data} pages={pages} />}
    >
      <TableBody
        loading={stats.isPending}
        empty={rows.length === 0}
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
    </TableCard>
  );
}

export function CarouselsTable({ shopId, filter }: { shopId: string; filter: InsightsFilter }) {
  const api = useApi();
  const pages = useCursorPages(JSON.stringify(filter));
  const stats = useCarouselsStats(shopId, filter, pages.cursor);
  const rows = stats.data?.items ?? [];
  const currency = rows[0]?.currency ?? 'USD';
  const csv = useAllPagesExport(async () => {
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
  });
  return (
    <TableCard
      title="Carousels"
      onExport={rows.length ? csv.start : undefined}
      exporting={csv.exporting}
      footer={<PageButtons page={stats.data} pages={pages} />}
    >
      <TableBody
        loading={stats.isPending}
        empty={rows.length === 0}
        columnContentTypes={[
          'text',
          'numeric',
          'numeric',
          'numeric',
          'numeric',
          'numeric',
          'numeric',
        ]}
        headings={['Carousel', 'Popclips', 'Views', 'Clicks', 'Add to carts', 'Orders', 'Sales']}
        rows={rows.map((row) => [
          row.carousel_title,
          formatCount(row.popclips),
          ...statsCells(row),
        ])}
        footerContent={`Figures of the Popclips each carousel holds.`}
      />
    </TableCard>
  );
}
