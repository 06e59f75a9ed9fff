import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/** COPY of text rows produced by a generator, in chunks. */
async function copyRows(
  client: pg.Client,
  statement: string,
  rows: Iterable<string>,
): Promise<void> {
  function* chunks() {
    let buffer: string[] = [];
    for (const row of rows) {
      buffer.push(row);
      if (buffer.length === 5000) {
        yield `${buffer.join('\n')}\n`;
        buffer = [];
      }
    }
    if (buffer.length > 0) yield `${buffer.join('\n')}\n`;
  }
  await pipeline(Readable.from(chunks()), client.query(copyFrom(statement)));
}

export interface BenchHistory {
  clipIds: string[];
  events: number;
  orders: number;
  attributedLines: number;
  /** Hours from the first event to now. */
  hours: number;
}

const TYPES = [
  ['impression', 0.4],
  ['view', 0.3],
  ['like', 0.03],
  ['click', 0.17],
  ['add_to_cart', 0.1],
] as const;

export async function generateHistory(
  client: pg.Client,
  options: {
    shopId: string;
    events: number;
    orders: number;
    days: number;
    clips: number;
    now: Date;
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
       created_at, updated_at, processed_at) from stdin`,
    clipIds.map(
      (id, i) =>
        `${shopId}\t${id}\tBench look ${i}\tprocessed\tshops/${shopId}/clips/${id}/original.mp4\tvideo/mp4\tshops/${shopId}/clips/${id}/playable.mp4\tshops/${shopId}/clips/${id}/thumb.jpg\t12\t720\t1280\t[]\t["WEB_PDP"]\t${created}\t${created}\t${created}`,
    ),
  );
  await copyRows(
    client,
    'copy carousels (shop_id, title, type, type_ids, sorted_popclips_ids, is_published, created_at, updated_at) from stdin',
    Array.from({ length: 12 }, (_, i) => {
      const ids = JSON.stringify(clipIds.slice(i * 4, i * 4 + 5));
      return `${shopId}\tBench carousel ${i}\tcustom\t${ids}\t${ids}\ttrue\t${created}\t${created}`;
    }),
  );

  // Zipf-like popularity of clips; hours of the day weighted towards the evening.
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
  const typeCumulative: [string, number][] = [];
  let acc = 0;
  for (const [type, share] of TYPES) {
    acc += share;
    typeCumulative.push([type, acc]);
  }
  const pickType = () => {
    const r = random() * acc;
    return (typeCumulative.find(([, limit]) => r <= limit) ?? typeCumulative[0])?.[0] ?? 'view';
  };
  const span = now.getTime() - start;
  function* events() {
    for (let n = 0; n < options.events; n++) {
      const at = new Date(start + Math.floor(random() * span)).toISOString();
      const type = pickType();
      const clip = pickClip();
      const visitor = `v${Math.floor(n / 6)}`;
      const product =
        type === 'click' || type === 'add_to_cart'
          ? `gid://shopify/Product/${1000 + ((clip.length + n) % 300)}`
          : '\\N';
      yield `${shopId}\t${clip}\t${type}\t${visitor}\ts${Math.floor(n / 6)}\t${product}\t${at}\t${at}`;
    }
  }
  await copyRows(
    client,
    'copy storefront_events (shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at, received_at) from stdin',
    events(),
  );

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
    'copy storefront_orders (shop_id, order_id, source, name, visitor_id, currency, total_cents, attributed_cents, ordered_at, received_at) from stdin',
    orderRows,
  );
  await copyRows(
    client,
    'copy order_attributions (shop_id, order_id, line_item_id, window_days, product_id, clip_id, kind, quantity, revenue_cents, currency, ordered_at) from stdin',
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

/** One more hour of events (the bench's "an hour of traffic"), at the shop's average rate. */
export async function addHourOfTraffic(
  client: pg.Client,
  shopId: string,
  hourStart: Date,
  events: number,
  clipIds: string[],
  seed: number,
): Promise<void> {
  const random = prng(seed);
  function* rows() {
    for (let n = 0; n < events; n++) {
      const at = new Date(hourStart.getTime() + Math.floor(random() * HOUR_MS)).toISOString();
      const clip = clipIds[Math.floor(random() * clipIds.length)] as string;
      const type = (['impression', 'view', 'click'] as const)[n % 3];
      const product = type === 'click' ? 'gid://shopify/Product/1001' : '\\N';
      yield `${shopId}\t${clip}\t${type}\thour-${seed}-${Math.floor(n / 5)}\t\\N\t${product}\t${at}\t${at}`;
    }
  }
  await copyRows(
    client,
    'copy storefront_events (shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at, received_at) from stdin',
    rows(),
  );
}
