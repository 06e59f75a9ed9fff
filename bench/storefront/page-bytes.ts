import type { Browser } from 'playwright-core';
import { report, reportCompared } from '../report';
import { recordTransfers, type Transfer } from '../transfer';
import { widgetFiles } from './widget-size';

/**
 * The bytes a shopper's browser transfers for the sandbox product page (issue 21): one cold load
 * (a new context: empty cache) for each Accept-Encoding, nothing routed, so the page, the widget,
 * the feed and the images are what the server sends. Read with CDP (bench/transfer.ts): Network
 * .loadingFinished encodedDataLength, headers included. "Before" is compression off, measured
 * honestly in the same run: the same load with Accept-Encoding overridden to identity (CDP
 * Network.setExtraHTTPHeaders), which the server answers uncompressed.
 */

/** The storefront player's budget: at most 12 KB on the wire, video excluded. */
const WIDGET_TARGET_KB = 12;
const VIEWPORT = { width: 1280, height: 800 };
/** After networkidle: the widget's late requests (posters, events) still count. */
const SETTLE_MS = 500;

const KINDS: [string, (transfer: Transfer) => boolean][] = [
  ['document', (t) => t.type === 'Document'],
  ['widget script', (t) => t.path === '/storefront/v1/widget.js'],
  ['loader script', (t) => t.path.endsWith('/assets/popstage-loader.js')],
  ['feed JSON', (t) => /^\/storefront\/v1\/shops\/[^/]+\/feed$/.test(t.path)],
  ['images', (t) => t.type === 'Image'],
  ['media', (t) => t.type === 'Media'],
  ['other', () => true],
];

function kindOf(transfer: Transfer): string {
  return KINDS.find(([, matches]) => matches(transfer))?.[0] ?? 'other';
}

interface Mode {
  name: string;
  /** Overrides the browser's own Accept-Encoding; undefined: Chromium's own. */
  acceptEncoding?: string;
}

/** Compression off (the "before"), gzip only (a browser without brotli), the browser's own. */
const MODES = {
  off: { name: 'identity (off)', acceptEncoding: 'identity' },
  gzip: { name: 'gzip only', acceptEncoding: 'gzip' },
  on: { name: 'Chromium (on)' },
} satisfies Record<string, Mode>;

async function pageLoad(browser: Browser, url: string, mode: Mode): Promise<Transfer[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const transfers = await recordTransfers(page, { acceptEncoding: mode.acceptEncoding });
    let sent: string | null = null;
    page.on('request', async (request) => {
      if (request.url() === url) sent = (await request.allHeaders())['accept-encoding'] ?? null;
    });
    const answer = await page.goto(url, { waitUntil: 'networkidle' });
    if (!answer?.ok()) throw new Error(`${url} answered ${answer?.status()}`);
    await page.waitForTimeout(SETTLE_MS);
    console.log(`  ${mode.name}: the page asked with Accept-Encoding: ${sent ?? '(unknown)'}`);
    // The browser's own favicon request (a 404 on the sandbox), made in some loads only.
    return transfers.filter((t) => t.path !== '/favicon.ico');
  } finally {
    await context.close();
  }
}

const sum = (transfers: Transfer[], key: 'transferred' | 'decoded') =>
  transfers.reduce((total, t) => total + t[key], 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function productPageBytes(
  browser: Browser,
  url: string,
  synthetic: boolean,
): Promise<void> {
  console.log(
    `product page bytes: one cold load per Accept-Encoding, nothing routed (the sandbox's own images${synthetic ? '; the real feed, without the processed clips the synthetic feed stood for' : ''}); CDP encodedDataLength, headers included`,
  );
  const loads: Record<keyof typeof MODES, Transfer[]> = { off: [], gzip: [], on: [] };
  for (const key of ['off', 'gzip', 'on'] as const)
    loads[key] = await pageLoad(browser, url, MODES[key]);
  const byKind = (transfers: Transfer[], kind: string) =>
    transfers.filter((t) => kindOf(t) === kind);
  const compressedWhenOff = loads.off.filter((t) => t.encoding);
  if (compressedWhenOff.length > 0) {
    console.log(
      `  WARNING: compressed answers with Accept-Encoding identity (${compressedWhenOff.map((t) => `${t.path} ${t.encoding}`).join(', ')}): "before" is not compression off`,
    );
  }
  const gifs = Object.values(loads)
    .flat()
    .filter((t) => t.path.endsWith('.gif'));
  if (gifs.length > 0) console.log(`  WARNING: the page fetched a GIF: ${gifs[0]?.url}`);

  const columns = ['decoded', MODES.off.name, MODES.gzip.name, MODES.on.name];
  console.log(
    `  ${'resource'.padEnd(14)} ${'n'.padStart(2)} ${columns.map((c) => c.padStart(15)).join('')}  encoding (on)`,
  );
  for (const [kind] of KINDS) {
    const on = byKind(loads.on, kind);
    const encodings = [...new Set(on.map((t) => t.encoding ?? 'none'))].join(', ') || '-';
    const cells = [
      sum(on, 'decoded'),
      sum(byKind(loads.off, kind), 'transferred'),
      sum(byKind(loads.gzip, kind), 'transferred'),
      sum(on, 'transferred'),
    ];
    console.log(
      `  ${kind.padEnd(14)} ${String(on.length).padStart(2)} ${cells.map((c) => kb(c).padStart(15)).join('')}  ${encodings}`,
    );
  }
  const total = (transfers: Transfer[]) => sum(transfers, 'transferred');
  console.log(
    `  ${'total'.padEnd(14)} ${String(loads.on.length).padStart(2)} ${[sum(loads.on, 'decoded'), total(loads.off), total(loads.gzip), total(loads.on)].map((c) => kb(c).padStart(15)).join('')}`,
  );
  if (byKind(loads.on, 'media').length === 0) {
    console.log('  media: no video fetched on load (the players load theirs when played)');
  }

  const widget = (transfers: Transfer[]) => total(byKind(transfers, 'widget script'));
  const files = widgetFiles();
  console.log(
    `  widget script: files popstage.js ${kb(files.minified)}, .br ${kb(files.brotli)}, .gz ${kb(files.gzip)}; transferred ${kb(widget(loads.on))} as Chromium asks, ${kb(widget(loads.gzip))} gzip only, ${kb(widget(loads.off))} identity`,
  );
  if (widget(loads.on) === 0)
    console.log('  WARNING: the page loaded no widget script (embed off?)');
  report('widget JS transferred (PDP)', widget(loads.on) / 1024, WIDGET_TARGET_KB, 'KB');
  report('widget JS transferred (PDP, gzip)', widget(loads.gzip) / 1024, WIDGET_TARGET_KB, 'KB');
  const text = (transfers: Transfer[]) =>
    ['document', 'widget script', 'feed JSON'].reduce(
      (bytes, kind) => bytes + total(byKind(transfers, kind)),
      0,
    );
  for (const [name, bytes] of [
    ['PDP transferred, doc+JS+feed', text],
    ['PDP transferred, all', total],
  ] as const) {
    reportCompared(name, bytes(loads.on) / 1024, bytes(loads.off) / 1024, 'KB', 'compression off');
  }
}
