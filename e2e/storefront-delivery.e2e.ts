import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateClip } from '@popstage/testkit/clip';
import axe from 'axe-core';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin } from './admin';
import { screenshot } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { firstPublishedProduct, prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const TITLE = 'Linen summer edit';
const VTT = `WEBVTT

00:00.000 --> 00:04.000
Meet the linen summer edit.

00:04.000 --> 00:08.000
Breathable, relaxed, made to last.
`;

const session = journeySession(BASE, DEMO);
const ARTIFACTS = join(import.meta.dirname, 'artifacts');

/** What the shopper sees (the viewer is fixed: a full-page shot would show the page under it). */
async function viewportShot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Lighthouse's mobile profile: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trips, 4x CPU. */
async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** axe-core's serious and critical violations in `target` (a page or the admin's frame). */
async function seriousViolations(target: Page | Frame, selector = 'body') {
  // Through the DevTools protocol: the admin document's CSP refuses inline script tags.
  await target.evaluate(axe.source);
  return target.evaluate(async (root) => {
    const injected = (window as unknown as { axe: { run: (n: Element) => Promise<unknown> } }).axe;
    const node = document.querySelector(root) ?? document.body;
    const result = (await injected.run(node)) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

describe('video delivery on a phone', () => {
  it('a shopper on a throttled connection sees the bubble move and the viewer play with captions', async () => {
    const { page, browser, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-premium']);
    const api = shopApi(page.request, BASE, DEMO);
    const product = await firstPublishedProduct(api);
    // A phone's upload in miniature: 720x1280 at 5 Mbit/s, far above the 720p rung's caps.
    const file = await generateClip(join(workDir, 'phone.mp4'), {
      seconds: 8,
      width: 720,
      height: 1280,
      video: 'h264',
      audio: 'aac',
      container: 'mp4',
      videoBitRate: '5M',
    });
    const clipId = await uploadClip(page.request, BASE, DEMO, TITLE, file, product);
    await waitUntilProcessed(page.request, BASE, DEMO, clipId);
    await api('POST', '/api/shopify/shop/featured-popclip', { popclip_id: clipId });
    await api('PUT', `/api/popclips/${clipId}/captions/en`, { label: 'English', vtt: VTT });
    // The viewer's product cards with their Add to cart button (issue 20, point 22).
    await api('POST', '/api/shopify/shop/popclips/settings', {
      hidePopClipsOnPDP: false,
      showViewsOnPopClips: true,
      showLikesOnPopClips: true,
      enableShopFeaturesBuyBtn: true,
    });
    const embed = await page.request.post(`${localShopify(BASE)}/sandbox/api/shops/${DEMO}/embed`, {
      data: { enabled: true },
    });
    expect(embed.ok()).toBe(true);

    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      deviceScaleFactor: 2,
      hasTouch: true,
    });
    try {
      // When the bubble's loop had its first frame (media events do not bubble: captured).
      await context.addInitScript(() => {
        addEventListener(
          'loadeddata',
          (event) => {
            const w = window as { loopFrameAt?: number };
            if ((event.target as Element).classList?.contains('ps-loop')) {
              w.loopFrameAt ??= performance.now();
            }
          },
          true,
        );
      });
      const shopper = await context.newPage();
      await throttle(context, shopper);
      const media: string[] = [];
      const loops: string[] = [];
      shopper.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/media/')) media.push(path);
        if (path.endsWith('/loop')) loops.push(request.url());
      });
      await shopper.goto(`${localShopify(BASE)}/sandbox/store/${DEMO}`);
      // The app embed loads the loader from the extension's assets, not the player.
      await expect
        .poll(() =>
          shopper
            .locator('script[src*="popstage-loader.js"]')
            .getAttribute('src')
            .catch(() => null),
        )
        .toContain('/sandbox/extensions/popstage/assets/popstage-loader.js');

      // The bubble moves: its silent loop plays.
      const bubble = shopper.getByRole('button', { name: `Play featured video: ${TITLE}` });
      await bubble.waitFor({ timeout: 60_000 });
      const loop = shopper.locator('[data-popstage-float="featured"] video.ps-loop');
      await expect
        .poll(() => loop.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 })
        .toBeGreaterThan(0.3);
      expect(await loop.evaluate((v: HTMLVideoElement) => v.muted && !v.paused)).toBe(true);
      // Asked for once, by the head's preload, whose answer the embed's script plays from memory
      // (a fetch that did not match the preload would download it a second time).
      expect(await loop.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
      expect(loops).toHaveLength(1);
      // The player is asked for only once the loop has its first frame: before it, its download
      // and evaluation held the loop back on the phone's link and CPU.
      const playerAt = () =>
        shopper.evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .find((entry) => entry.name.includes('/storefront/v1/widget.js'))?.startTime ?? null,
        );
      await expect.poll(playerAt, { timeout: 30_000 }).not.toBeNull();
      const loopFrameAt = await shopper.evaluate(
        () => (window as { loopFrameAt?: number }).loopFrameAt,
      );
      expect(loopFrameAt).toBeGreaterThan(0);
      expect(await playerAt()).toBeGreaterThanOrEqual(loopFrameAt ?? Number.POSITIVE_INFINITY);
      await viewportShot(shopper, 'delivery-bubble-375');

      await bubble.click();
      const viewer = shopper.getByRole('dialog', { name: TITLE });
      await viewer.waitFor();
      const video = viewer.locator('video');
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 90_000 })
        .toBeGreaterThan(1);
      // A rendition, never the merchant's original.
      const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
      expect(src).toMatch(/\/(playable|rendition-\d+p)\.mp4\?/);
      expect(media.some((path) => path.includes('/original-'))).toBe(false);
      // Captions show: the English track is on, its cue on screen.
      await expect
        .poll(
          () =>
            video.evaluate((v: HTMLVideoElement) => {
              const track = v.textTracks[0];
              return track?.mode === 'showing' ? (track.activeCues?.length ?? 0) : -1;
            }),
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      await viewer.getByRole('button', { name: 'Captions' }).waitFor();
      await viewer.getByRole('button', { name: 'Pause' }).waitFor();
      // The top of the video is below the controls, and "Add to cart" stays on one line.
      const bar = await viewer.getByRole('button', { name: 'Close' }).boundingBox();
      const picture = await video.boundingBox();
      expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThanOrEqual(picture?.y ?? 0);
      const buy = viewer.getByRole('button', { name: /^Add to cart: / }).first();
      expect((await buy.boundingBox())?.height ?? 99).toBeLessThan(48);
      await viewportShot(shopper, 'delivery-viewer-375');
      expect(await seriousViolations(shopper, '[role="dialog"]')).toEqual([]);

      // Keyboard: the buttons are reachable, Escape closes and focus returns to the bubble.
      await shopper.keyboard.press('Tab');
      expect(
        await shopper.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')),
      ).toBe(true);
      await shopper.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      expect(await shopper.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        `Play featured video: ${TITLE}`,
      );
    } finally {
      await context.close();
    }

    // Desktop: the viewer is a centred player with the products beside it.
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const shopper = await desktop.newPage();
      await shopper.goto(`${localShopify(BASE)}/sandbox/store/${DEMO}`);
      await shopper.getByRole('button', { name: `Play featured video: ${TITLE}` }).click();
      const viewer = shopper.getByRole('dialog', { name: TITLE });
      await viewer.waitFor();
      const card = viewer.locator('.ps-card').first();
      await card.waitFor();
      const box = await card.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(280);
      // "Add to cart" stays on one line.
      const buy = await viewer
        .getByRole('button', { name: /^Add to cart: / })
        .first()
        .boundingBox();
      expect(buy?.height ?? 99).toBeLessThan(48);
      await shopper.waitForTimeout(1500);
      await viewportShot(shopper, 'delivery-viewer-1280');
      expect(await seriousViolations(shopper, '[role="dialog"]')).toEqual([]);
    } finally {
      await desktop.close();
    }

    // The share page at 360 px and in the 400x700 embed: no sideways scroll, "Shop now" in view.
    const share = await api<{ data: { link: { url: string } } }>(
      'POST',
      '/api/shopify/shop/popclips/share-gating',
      { metaIdentifier: clipId },
    );
    for (const size of [
      { width: 360, height: 740 },
      { width: 400, height: 700 },
    ]) {
      const phone = await browser.newContext({ viewport: size });
      try {
        const watch = await phone.newPage();
        await watch.goto(share.data.link.url);
        const overflow = await watch.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        const cta = await watch.getByText('Shop now').first().boundingBox();
        expect((cta?.x ?? 0) + (cta?.width ?? 0)).toBeLessThanOrEqual(size.width);
        expect(await watch.locator('script[type="application/ld+json"]').count()).toBe(1);
        await viewportShot(watch, `delivery-share-${size.width}`);
      } finally {
        await phone.close();
      }
    }

    // The admin's main screens: the clip list and the clip form with its captions section.
    const { admin } = await openAdmin(page, BASE, DEMO, '/popclips/list');
    const frame = async () => {
      await expect.poll(() => admin.frames().length).toBeGreaterThan(1);
      return admin.frames().find((f) => f !== admin.mainFrame()) as Frame;
    };
    const list = await frame();
    await list.getByRole('heading', { name: TITLE }).waitFor();
    expect(await seriousViolations(list)).toEqual([]);
    const { admin: edit } = await openAdmin(page, BASE, DEMO, `/popclips/edit/${clipId}`);
    const form = edit.frames().find((f) => f !== edit.mainFrame()) as Frame;
    await form.getByText('English (en)').waitFor({ timeout: 60_000 });
    expect(await seriousViolations(form)).toEqual([]);
    await screenshot(page, 'delivery-admin-captions');
  }, 420_000);
});
