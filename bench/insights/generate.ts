import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * The bench shop's history, written with COPY: clips, carousels, storefront events spread over
 * `days` days (more in the evening, popular clips first) and orders with their credited lines
 * for the three attribution windows, shaped as the ingest and order recording store them.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Where the history is written: PostgreSQL through node-postgres (COPY with pg-copy-streams), or
 * an embedded PGlite opened by the bench while the app is stopped (COPY from a blob).
 */
export interface BenchSql {
  query(text: string, params?: unknown[]): Promise<unknown>;
  copy(statement: string, text: string): Promise<void>;
}

export function postgresSql(client: pg.Client): BenchSql {
  return {
    query: (text, params) => client.query(text, params),
    copy: (statement, text) =>
      pipeline(Readable.from([text]), client.query(copyFrom(`${statement} from stdin`))),
  };
}

export function pgliteSql(database: PGlite): BenchSql {
  return {
    query: (text, params) => database.query(text, params),
    copy: async (statement, text) => {
      await database.query(`${statement} from '/dev/blob'`, [], { blob: new Blob([text]) });
    },
  };
}

/** COPY of text rows produced by a generator, in chunks of 5,000. */
async function copyRows(client: BenchSql, statement: string, rows: Iterable<string>) {
  let buffer: string[] = [];
  for (const row of rows) {
    buffer.push(row);
    if (buffer.length === 5000) {
      await client.copy(statement, `${buffer.join('\n')}\n`);
      buffer = [];
    }
  }
  if (buffer.length > 0) await client.copy(statement, `${buffer.join('\n')}\n`);
}

export interface BenchHistory {
  clipIds: string[];
  events: number;
  orders: number;
  attributedLines: number;
  /** Hours from the first event to now. */
  hours: number;
}

export async function generateHistory(
  client: BenchSql,
  options: {
    shopId: string;
    events: number;
    orders: number;
    days: number;
    clips: number;
    now: Date;
    /** Connections that write the events a day at a time in parallel (default: `client`). */
    writers?: BenchSql[];
  },
): Promise<BenchHistory> {
  const random = prng(42);
  const { shopId, now } = options;
  const start = now.getTime() - options.days * DAY_MS;
  const clipIds = Array.from({ length: options.clips }, (_, i) => `bench-clip-${i}`);
  const created = new Date(start - DAY_MS).toISOString();
  await copyRows(
    client,
    `copy popclips (shop_id, meta_identifier, title, status, original_key, original_content_type,
       playable_key, thumbnail_key, duration_seconds, width, height, products, display_targets,
       created_at, updated_at, processed_at)`,
    clipIds.map(
      (id, i) =>
        `${shopId}\t${id}\tBench look ${i}\tprocessed\tshops/${shopId}/clips/${id}/original.mp4\tvideo/mp4\tshops/${shopId}/clips/${id}/playable.mp4\tshops/${shopId}/clips/${id}/thumb.jpg\t12\t720\t1280\t[]\t["WEB_PDP"]\t${created}\t${created}\t${created}`,
    ),
  );
  await copyRows(
    client,
    'copy carousels (shop_id, title, type, type_ids, sorted_popclips_ids, is_published, created_at, updated_at)',
    Array.from({ length: 12 }, (_, i) => {
      const ids = JSON.stringify(clipIds.slice(i * 4, i * 4 + 5));
      return `${shopId}\tBench carousel ${i}\tcustom\t${ids}\t${ids}\ttrue\t${created}\t${created}`;
    }),
  );

  // Zipf-like popularity of clips (for orders' credited lines).
  const weights = clipIds.map((_, i) => 1 / (i + 1) ** 0.8);
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w) => {
    cumulative.push((sum + w) / total);
    return sum + w;
  }, 0);
  const pickClip = () => {
    const r = random();
    let i = 0;
    while (i < cumulative.length - 1 && (cumulative[i] ?? 1) < r) i++;
    return clipIds[i] as string;
  };
  const span = now.getTime() - start;
  await generateEvents(options.writers ?? [client], {
    shopId,
    events: options.events,
    clips: options.clips,
    start,
    span,
  });

  let attributedLines = 0;
  const orderRows: string[] = [];
  const lineRows: string[] = [];
  for (let n = 0; n < options.orders; n++) {
    const id = String(9_000_000 + n);
    const at = new Date(start + Math.floor(random() * span)).toISOString();
    const lines = 1 + Math.floor(random() * 3);
    let total = 0;
    const credited: {
      line: string;
      clip: string;
      kind: string;
      cents: number;
      windows: number[];
    }[] = [];
    for (let l = 0; l < lines; l++) {
      const cents = 1000 + Math.floor(random() * 9000);
      total += cents;
      const r = random();
      if (r < 0.6) {
        const kind = r < 0.35 ? 'direct' : r < 0.5 ? 'indirect' : 'influenced';
        // Longer windows credit at least what shorter ones do.
        const windows =
          kind === 'influenced' || random() < 0.5 ? [1, 7, 30] : random() < 0.7 ? [7, 30] : [30];
        credited.push({ line: `${id}${l}`, clip: pickClip(), kind, cents, windows });
      }
    }
    const attributed7 = credited
      .filter((c) => c.windows.includes(7))
      .reduce((s, c) => s + c.cents, 0);
    orderRows.push(
      `${shopId}\t${id}\tshopify\t#${1001 + n}\tv${n}\tUSD\t${total + 500}\t${attributed7}\t${at}\t${at}`,
    );
    for (const c of credited) {
      for (const window of c.windows) {
        lineRows.push(
          `${shopId}\t${id}\t${c.line}\t${window}\tgid://shopify/Product/${1000 + (n % 300)}\t${c.clip}\t${c.kind}\t1\t${c.cents}\tUSD\t${at}`,
        );
        attributedLines += 1;
      }
    }
  }
  await copyRows(
    client,
    'copy storefront_orders (shop_id, order_id, source, name, visitor_id, currency, total_cents, attributed_cents, ordered_at, received_at)',
    orderRows,
  );
  await copyRows(
    client,
    'copy order_attributions (shop_id, order_id, line_item_id, window_days, product_id, clip_id, kind, quantity, revenue_cents, currency, ordered_at)',
    lineRows,
  );
  await client.query('analyze');
  return {
    clipIds,
    events: options.events,
    orders: options.orders,
    attributedLines,
    hours: Math.ceil(span / HOUR_MS),
  };
}

/**
 * The events, generated by PostgreSQL itself (generate_series, one statement per day of history
 * so each lands in its month's partition): no rows cross the wire, so 50 million take minutes.
 * Types in the widget's proportions (impressions 40 %, views 30 %, clicks 17 %, add-to-carts
 * 10 %, likes 3 %), clips Zipf-like popular, six events per visitor, evenly over the span;
 * deterministic (setseed per day), spread over the writers given (one per core on PostgreSQL).
 */
async function generateEvents(
  writers: BenchSql[],
  options: { shopId: string; events: number; clips: number; start: number; span: number },
): Promise<void> {
  const days = Math.max(1, Math.ceil(options.span / DAY_MS));
  const perDay = Math.ceil(options.events / days);
  let next = 0;
  const writeDay = async (client: BenchSql, day: number) => {
    const from = day * perDay;
    const to = Math.min(options.events, from + perDay) - 1;
    if (to < from) return;
    const dayStart = new Date(options.start + day * DAY_MS).toISOString();
    const dayMs = Math.min(DAY_MS, options.span - day * DAY_MS);
    // Seeded per day, so the history is the same whichever connection writes the day.
    await client.query('select setseed($1::float8)', [(day + 1) / (days + 1)]);
    await client.query(
      `insert into storefront_events
         (shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at, received_at)
       select $1::uuid, c.clip, c.type, 'v' || (c.n / 6), 's' || (c.n / 6),
              case when c.type in ('click', 'add_to_cart')
                   then 'gid://shopify/Product/' || (1000 + c.n % 300) end,
              c.at, c.at
       from (
         select n,
                'bench-clip-' || least($2::int - 1, floor($2::int * power(random(), 2.2))::int) as clip,
                case when r < 0.40 then 'impression' when r < 0.70 then 'view'
                     when r < 0.73 then 'like' when r < 0.90 then 'click' else 'add_to_cart' end as type,
                $5::timestamptz + random() * ($6::float8 * interval '1 millisecond') as at
         from (select n, random() as r from generate_series($3::bigint, $4::bigint) n) g
       ) c`,
      [options.shopId, options.clips, from, to, dayStart, dayMs],
    );
  };
  // One day at a time per connection: PostgreSQL runs each statement on one core.
  await Promise.all(
    writers.map(async (client) => {
      for (let day = next++; day < days; day = next++) await writeDay(client, day);
    }),
  );
}
