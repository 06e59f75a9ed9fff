import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../e2e/browser';
import { type StartedApp, startApp } from '../e2e/server';
import { median, report } from './report';

const ROOT = resolve(import.meta.dirname, '..');
const WIDGET = join(ROOT, 'apps/widget/dist/popstage.js');
const SHOP = 'demo-store.myshopify.com';
const LOADS = 7;
/** The carousel block's markup (extensions/popstage/blocks/carousel.liquid), with its reserve. */
const CAROUSEL =
  '<div data-popstage-carousel="all" style="min-height: calc(min(42vw, 200px) * 16 / 9 + 5em)"></div>';

/** A feed of three clips with the sandbox's own images, for a shop that has no clips yet. */
function syntheticFeed(baseUrl: string, currency: string): object {
  const image = `${baseUrl}/sandbox/images/popstage.svg`;
  const clips = ['one', 'two', 'three'].map((id) => ({
    id,
    title: `Clip ${id}`,
    videoUrl: `${baseUrl}/bench-${id}.mp4`,
    posterUrl: image,
    previewUrl: null,
    durationSeconds: 10,
    width: 720,
    height: 1280,
    displayTargets: ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'],
    products: [],
    views: 1200,
  }));
  return {
    shop: { domain: SHOP, currency },
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

/** The storefront player's budget: at most 12 KB gzipped, video excluded. */
const WIDGET_GZIP_TARGET_KB = 12;
/** Page-load cost the widget may add to the storefront: LCP delta, and CLS ("good" is <= 0.1). */
const LCP_DELTA_TARGET_MS = 100;
const CLS_TARGET = 0.1;

function widgetSize(): void {
  console.log('building the widget...');
  execFileSync('npm', ['run', 'build', '-w', '@popstage/widget'], { cwd: ROOT, stdio: 'ignore' });
  const raw = readFileSync(WIDGET);
  console.log(`apps/widget/dist/popstage.js: ${(raw.length / 1024).toFixed(1)} KB minified`);
  report(
    'widget JS gzipped',
    gzipSync(raw, { level: 9 }).length / 1024,
    WIDGET_GZIP_TARGET_KB,
    'KB',
  );
}

interface Load {
  lcp: number;
  lcpElement: string;
  cls: number;
  floats: number;
  tiles: number;
}

/**
 * One cold load of the sandbox storefront home page, without the widget or with the exact tag the
 * theme app embed renders (inserted before </body>; the page is otherwise the same).
 */
async function storefrontLoad(
  app: StartedApp,
  browser: Browser,
  withWidget: boolean,
  synthetic: object | null,
): Promise<Load> {
  const url = `${app.baseUrl}/sandbox/storefront/${SHOP}`;
  const tag = `<script src="${app.baseUrl}/storefront/v1/widget.js" data-shop="${SHOP}" defer></script>`;
  // A new context has an empty cache: each load is cold.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.route(url, async (route) => {
      const response = await route.fetch();
      let body = (await response.text()).replace(
        /<script[^>]+storefront\/v1\/widget\.js[^>]*><\/script>/g,
        '',
      );
      if (synthetic) body = body.replace('<main>', `<main>${CAROUSEL}`);
      if (withWidget) body = body.replace('</body>', `${tag}</body>`);
      await route.fulfill({ response, body });
    });
    if (synthetic) {
      await page.route(`${app.baseUrl}/storefront/v1/shops/${SHOP}/feed`, (route) =>
        route.fulfill({ json: synthetic, headers: { 'access-control-allow-origin': '*' } }),
      );
    }
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number };
      w.__lcp = 0;
      w.__lcpElement = '';
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          w.__lcp = entry.startTime;
          const el = entry.element;
          w.__lcpElement = el
            ? `${el.tagName.toLowerCase()}${el.closest('[data-popstage-carousel],[data-popstage-float]') ? ' of the widget' : ' of the page'}`
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return {
      ...(await page.evaluate(() => {
        const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number };
        return { lcp: w.__lcp, lcpElement: w.__lcpElement, cls: w.__cls };
      })),
      floats: await page.locator('[data-popstage-float]').count(),
      tiles: await page.locator('.ps-tile').count(),
    };
  } finally {
    await context.close();
  }
}

/** Loads with and without the widget, interleaved so that a busy machine weighs on both alike. */
async function compare(app: StartedApp, browser: Browser, label: string, synthetic: object | null) {
  console.log(`storefront home page, ${label}${synthetic ? ' and a carousel block' : ''}:`);
  const without: Load[] = [];
  const withWidget: Load[] = [];
  for (let i = 0; i < LOADS; i++) {
    without.push(await storefrontLoad(app, browser, false, synthetic));
    withWidget.push(await storefrontLoad(app, browser, true, synthetic));
  }
  const last = withWidget[withWidget.length - 1];
  console.log(
    `  the widget rendered ${last?.floats} floating player(s) and ${last?.tiles} tile(s); LCP element ${last?.lcpElement} (without: ${without[0]?.lcpElement})`,
  );
  const lcp = (loads: Load[]) => median(loads.map((l) => l.lcp));
  const cls = (loads: Load[]) => Math.max(...loads.map((l) => l.cls));
  console.log(
    `  median LCP of ${LOADS} cold loads: ${lcp(without).toFixed(0)} ms without, ${lcp(withWidget).toFixed(0)} ms with the widget`,
  );
  console.log(
    `  worst CLS of ${LOADS} cold loads: ${cls(without).toFixed(3)} without, ${cls(withWidget).toFixed(3)} with the widget`,
  );
  report(
    `LCP added by the widget (${label})`,
    Math.max(0, lcp(withWidget) - lcp(without)),
    LCP_DELTA_TARGET_MS,
    'ms',
  );
  report(`CLS with the widget (${label})`, cls(withWidget), CLS_TARGET, '');
}

/** A sandbox shop exists for Popstage once the admin first opened (GET /api/shopify/shop). */
async function installShop(app: StartedApp): Promise<void> {
  const answer = await fetch(`${app.baseUrl}/sandbox/session-token?shop=${SHOP}`);
  const { token } = (await answer.json()) as { token: string };
  await fetch(`${app.baseUrl}/api/shopify/shop/${SHOP}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

async function storefrontPageLoad(): Promise<void> {
  const app = await startApp();
  try {
    await installShop(app);
    const feed = await fetch(`${app.baseUrl}/storefront/v1/shops/${SHOP}/feed`);
    const script = await fetch(`${app.baseUrl}/storefront/v1/widget.js`);
    if (!feed.ok || !script.ok) {
      console.log(
        `storefront page load not measured: feed answers ${feed.status}, widget.js ${script.status}`,
      );
      return;
    }
    const answer = (await feed.json()) as { clips: unknown[]; shop: { currency: string } };
    console.log(`feed of ${SHOP}: ${answer.clips.length} clip(s)`);
    const browser = await launchChromium();
    try {
      await compare(app, browser, "the shop's feed", null);
      if (answer.clips.length === 0) {
        await compare(
          app,
          browser,
          'a 3-clip feed',
          syntheticFeed(app.baseUrl, answer.shop.currency),
        );
      }
    } finally {
      await browser.close();
    }
  } finally {
    await app.stop();
  }
}

export default async function storefront(): Promise<void> {
  widgetSize();
  await storefrontPageLoad();
}
