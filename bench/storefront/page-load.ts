import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { StartedApp } from '@popstage/testkit/app';
import type { Browser } from 'playwright-core';
import { benchRuns, median, report, reportFigure, reportLoad, reportUnchanged } from '../report';
import { productPageBytes } from './page-bytes';
import { productPhoto } from './product-photo';
import type { BenchShop } from './shop';

/**
 * A product page of the sandbox storefront in headless Chromium, cold (a new context: empty
 * cache), as the store renders it, never rewritten (issue 29): without the app (the theme app
 * embed switched off) and with it (switched on: the embed's loader tag and the product block of
 * extensions/popstage/blocks/product.liquid where the theme puts it, its row's height reserved
 * once the app has written the product's clip_count metafield). Product images are still served
 * as a photo to both (product-photo.ts: Chromium leaves the sandbox's flat SVGs out of LCP).
 */

export const LOADS = benchRuns(5);
/** Page-load cost the widget may add (issue 7): LCP at most +100 ms, CLS unchanged. */
const LCP_DELTA_TARGET_MS = 100;
const VIEWPORT = { width: 1280, height: 800 };
/** After networkidle: late layout shifts and long tasks still count. */
const SETTLE_MS = 500;
/** How long the clip_count job may take after processing before the bench gives up waiting. */
const RESERVE_TIMEOUT_MS = 30_000;
/** The last load of each variant is kept as bench/.cache/pdp-<with widget>.png. */
const SCREENSHOTS = join(import.meta.dirname, '..', '.cache');
/**
 * The product block as the store renders an app block: the theme's `shopify-block` wrapper (when
 * there is one) around the block's own element, whose attributes the Liquid spreads over lines.
 */
const PRODUCT_BLOCK =
  /<div id="shopify-block-[^"]*"[^>]*><div\s+class="popstage-product"[^>]*>\s*<\/div><\/div>|<div\s+class="popstage-product"[^>]*>\s*<\/div>/;

interface Load {
  lcp: number;
  lcpElement: string;
  cls: number;
  /** What moved, for each counted layout shift (tag.class, top before → after). */
  shifted: string[];
  /** Total blocking time: the part over 50 ms of each long task after FCP, up to settle. */
  tbt: number;
  fcp: number;
  floats: number;
  tiles: number;
}

/** What the init script records in the page (LCP, layout shifts, long tasks) for evaluate to read. */
interface PageProbe {
  __lcp: number;
  __lcpElement: string;
  __cls: number;
  __shifted: string[];
  __longTasks: [number, number][];
}

interface Product {
  id: string;
  handle: string;
  url: string;
}

/**
 * Turns the sandbox theme's app embed on (so the store renders the product block) and, with real
 * clips, waits until the clip_count job has written the product's count (the block reserves).
 */
async function setEmbed(app: StartedApp, shop: BenchShop, enabled: boolean): Promise<void> {
  const embed = await fetch(`${app.baseUrl}/sandbox/api/shops/${shop.domain}/embed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
  if (!embed.ok) throw new Error(`embed ${enabled}: ${embed.status} ${await embed.text()}`);
}

async function productBlockReady(
  app: StartedApp,
  shop: BenchShop,
  product: Product,
  synthetic: boolean,
) {
  await setEmbed(app, shop, true);
  const deadline = Date.now() + RESERVE_TIMEOUT_MS;
  for (;;) {
    const block = PRODUCT_BLOCK.exec(await (await fetch(product.url)).text())?.[0] ?? '';
    if (synthetic || block.includes('min-height')) return block;
    if (Date.now() > deadline) {
      console.log('  WARNING: the product block reserves nothing (clip_count not written)');
      return block;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A 3-clip feed with the sandbox's own images, for when the clips could not be processed. */
function syntheticFeed(app: StartedApp, shop: BenchShop, product: Product): object {
  const image = `${app.baseUrl}/sandbox/images/popstage.svg`;
  const clips = ['one', 'two', 'three'].map((id) => ({
    id,
    title: `Clip ${id}`,
    videoUrl: `${app.baseUrl}/bench-${id}.mp4`,
    posterUrl: image,
    previewUrl: null,
    durationSeconds: 10,
    width: 720,
    height: 1280,
    displayTargets: ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'],
    products: [
      {
        id: product.id,
        handle: product.handle,
        title: 'Product',
        url: product.url,
        imageUrl: image,
        price: '10.00',
        currencyCode: shop.currency,
        variantId: `${product.id}-variant`,
        available: true,
      },
    ],
    views: 1200,
  }));
  return {
    shop: { domain: shop.domain, currency: shop.currency },
    settings: {
      hidePopClipsOnPDP: false,
      showViews: true,
      showLikes: false,
      buyButton: false,
      watermark: true,
    },
    positions: {
      featured: { mobile: { xAxis: 0, yAxis: 75 }, desktop: { xAxis: 0, yAxis: 57 } },
      miniplayer: { mobile: { xAxis: 0, yAxis: 75 }, desktop: { xAxis: 0, yAxis: 57 } },
    },
    featured: clips[0],
    clips,
    carousels: [],
  };
}

async function productPageLoad(
  app: StartedApp,
  browser: Browser,
  shop: BenchShop,
  product: Product,
  withWidget: boolean,
  synthetic: object | null,
  photo: Buffer,
  screenshot = false,
): Promise<Load & { where: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    // The page exactly as the store renders it, never rewritten: "with" is the store with the
    // app embed switched on (its loader tag and the product block where the theme puts it),
    // "without" the same store with it off.
    await setEmbed(app, shop, withWidget);
    const page = await context.newPage();
    // Product images as a theme shows them: photos (see product-photo.ts), on both variants.
    await page.route(`${app.baseUrl}/sandbox/images/**`, (route) =>
      route.fulfill({ body: photo, contentType: 'image/jpeg' }),
    );
    if (synthetic) {
      await page.route(`${app.baseUrl}/storefront/v1/shops/${shop.domain}/feed`, (route) =>
        route.fulfill({ json: synthetic, headers: { 'access-control-allow-origin': '*' } }),
      );
    }
    await page.addInitScript(() => {
      const w = window as unknown as PageProbe;
      w.__lcp = 0;
      w.__shifted = [];
      w.__lcpElement = '';
      w.__cls = 0;
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          w.__lcp = entry.startTime;
          const el = entry.element;
          w.__lcpElement = el
            ? `${el.tagName.toLowerCase()}${el.closest('[data-popstage-product],[data-popstage-float]') ? ' of the widget' : ' of the page'}`
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          w.__cls += entry.value;
          for (const source of entry.sources ?? []) {
            const node = source.node as Element | undefined;
            const name = node?.tagName
              ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}`
              : 'text';
            w.__shifted.push(
              `${name} top ${source.previousRect.top.toFixed(0)} → ${source.currentRect.height ? source.currentRect.top.toFixed(0) : 'out of view'}`,
            );
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const answer = await page.goto(product.url, { waitUntil: 'networkidle' });
    if (!answer?.ok()) throw new Error(`${product.url} answered ${answer?.status()}`);
    await page.waitForTimeout(SETTLE_MS);
    const measured = await page.evaluate(() => {
      const w = window as unknown as PageProbe;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      let tbt = 0;
      for (const [start, duration] of w.__longTasks) {
        const end = start + duration;
        if (end <= fcp) continue;
        tbt += Math.max(0, end - Math.max(start, fcp) - 50);
      }
      return {
        lcp: w.__lcp,
        lcpElement: w.__lcpElement,
        cls: w.__cls,
        shifted: w.__shifted,
        tbt,
        fcp,
      };
    });
    // A string, not a function: tsx's transpiled functions call a helper the page lacks.
    const where = (await page.evaluate(`(() => {
      const block = document.querySelector('[data-popstage-product]');
      if (!block) return 'absent';
      const wrapper = block.closest('[id^="shopify-block-"]') || block;
      const before = wrapper.previousElementSibling;
      return before ? 'after <' + before.tagName.toLowerCase() + (before.className ? '.' + String(before.className).split(' ')[0] : '') + '>' : 'first in its parent';
    })()`)) as string;
    if (screenshot) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `pdp-${withWidget}.png`), fullPage: true });
    }
    return {
      ...measured,
      floats: await page.locator('[data-popstage-float]').count(),
      tiles: await page.locator('[data-popstage-product] .ps-tile').count(),
      where,
    };
  } finally {
    await context.close();
  }
}

/** LOADS cold loads each way, interleaved so that a busy machine weighs on both alike. */
export async function productPageBench(
  app: StartedApp,
  browser: Browser,
  shop: BenchShop,
): Promise<void> {
  let product = shop.product;
  let synthetic: object | null = null;
  if (!product || !shop.processed) {
    const first = shop.catalogue[0];
    if (!first) throw new Error('no product to load');
    product = {
      id: first.id,
      handle: first.handle,
      url: `${shop.primaryDomainUrl}/products/${first.handle}`,
    };
    synthetic = syntheticFeed(app, shop, product);
  }
  console.log(
    `product page ${new URL(product.url).pathname}, ${synthetic ? 'a synthetic 3-clip feed' : `the shop's feed (${shop.clips.length} processed clips, one tagged with this product, one featured)`}:`,
  );
  const block = await productBlockReady(app, shop, product, synthetic !== null);
  console.log(
    `  product block as the store renders it: ${/min-height: [^"]+/.exec(block)?.[0] ?? 'no reserve'}`,
  );
  const photo = await productPhoto(SCREENSHOTS);
  const without: Load[] = [];
  const withWidget: Load[] = [];
  let where = '';
  for (let i = 0; i < LOADS; i++) {
    const last = i === LOADS - 1;
    without.push(await productPageLoad(app, browser, shop, product, false, synthetic, photo, last));
    const load = await productPageLoad(app, browser, shop, product, true, synthetic, photo, last);
    where = load.where;
    withWidget.push(load);
    console.log(
      `  load ${i + 1}/${LOADS}: LCP ${without[i]?.lcp.toFixed(0)} / ${load.lcp.toFixed(0)} ms, CLS ${without[i]?.cls.toFixed(3)} / ${load.cls.toFixed(3)}, TBT ${without[i]?.tbt.toFixed(0)} / ${load.tbt.toFixed(0)} ms (without / with)`,
    );
  }
  const last = withWidget[withWidget.length - 1];
  console.log(
    `  product block ${where}; the widget rendered ${last?.floats} floating player(s) and ${last?.tiles} product tile(s); LCP element ${last?.lcpElement} (without: ${without[0]?.lcpElement})`,
  );
  console.log(`  last loads saved as ${join(SCREENSHOTS, 'pdp-false.png')} and pdp-true.png`);
  const shifts = [...new Set(withWidget.flatMap((load) => load.shifted))];
  if (shifts.length > 0) console.log(`  layout shifts with the widget: ${shifts.join('; ')}`);
  if (!synthetic && (last?.tiles ?? 0) === 0) {
    console.log('  WARNING: no product tile rendered: the product block is not exercised');
  }
  reportLoad('after the product page loads');
  const m = (loads: Load[], key: 'lcp' | 'tbt' | 'fcp') => median(loads.map((l) => l[key]));
  const worstCls = (loads: Load[]) => Math.max(...loads.map((l) => l.cls));
  console.log(
    `  median of ${LOADS} cold loads without / with the widget: FCP ${m(without, 'fcp').toFixed(0)} / ${m(withWidget, 'fcp').toFixed(0)} ms, LCP ${m(without, 'lcp').toFixed(0)} / ${m(withWidget, 'lcp').toFixed(0)} ms, TBT ${m(without, 'tbt').toFixed(0)} / ${m(withWidget, 'tbt').toFixed(0)} ms; worst CLS ${worstCls(without).toFixed(3)} / ${worstCls(withWidget).toFixed(3)}`,
  );
  report(
    'LCP added by the widget (PDP)',
    Math.max(0, m(withWidget, 'lcp') - m(without, 'lcp')),
    LCP_DELTA_TARGET_MS,
    'ms',
  );
  reportUnchanged('worst CLS with the widget (PDP)', worstCls(without), worstCls(withWidget));
  reportFigure(
    'TBT added by the widget (PDP)',
    m(withWidget, 'tbt') - m(without, 'tbt'),
    'ms',
    `no target (median TBT ${m(without, 'tbt').toFixed(0)} ms without, ${m(withWidget, 'tbt').toFixed(0)} ms with)`,
  );
  // The loads above route the page and its photos through Playwright: their bytes are not the
  // server's. The bytes on the wire come from loads of their own, nothing routed.
  await productPageBytes(browser, product.url, synthetic !== null);
}
