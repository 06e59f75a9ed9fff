import { join } from 'node:path';
import { launchChromium } from '@popstage/testkit/browser';
import { writeFrameCodeY4m } from '@popstage/testkit/frame-code';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToast, openAdmin, waitForAppPath } from './admin';
import { screenshot, screenshotAt } from './browser';
import { waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const STORE = `${localShopify(BASE)}/sandbox/store/${DEMO}`;
const TITLE = 'Winter drop';

const session = journeySession(BASE, DEMO, { resetAfter: true });
/** The seller's browser: Chromium's fake camera plays a numbered-frame video. */
let studioBrowser: Browser | undefined;
afterAll(() => studioBrowser?.close());

/** A published product in stock (the live player leaves sold-out ones out). */
async function sellableProduct(page: Page) {
  const api = shopApi(page.request, BASE, DEMO);
  const products = await api<{ data: { id: string; handle: string; title: string }[] }>(
    'GET',
    '/api/catalogue/products?query=',
  );
  for (const candidate of products.data) {
    const productPage = await page.request.get(`${STORE}/products/${candidate.handle}`);
    if ((await productPage.text()).includes('>Add to cart</button>')) return candidate;
  }
  throw new Error('no published product in stock');
}

/** The video is playing: frames decoded and its clock moving. */
async function playing(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(async (css) => {
    const video = document.querySelector<HTMLVideoElement>(css);
    if (!video || video.readyState < 2) return false;
    const before = video.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 700));
    return video.currentTime > before;
  }, selector);
}

describe('live selling', () => {
  it('a seller goes live from the studio, a shopper watches, chats and buys the pinned product, the replay becomes a Popclip and the fee is billed', async () => {
    const { page, browser, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-free-2025', 'addon-live-basic']);
    const product = await sellableProduct(page);

    // The merchant puts the live show block on the home page (the theme editor's deep link).
    const key = process.env.E2E_SHOPIFY_API_KEY ?? '';
    await page.goto(
      `${STORE}/themes/current/editor?template=index&addAppBlockId=${key}/live-show&target=newAppsSection`,
    );
    await page.getByRole('button', { name: 'Save' }).click();

    // Schedules a show for tomorrow evening with the product.
    const { admin, app } = await openAdmin(page, BASE, DEMO, '/live');
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await app.getByLabel('Show title').fill(TITLE);
    await app.getByLabel('Date').fill(date);
    await app.getByLabel('Start time').fill('18:30');
    await app
      .getByRole('group', { name: /Products to show/ })
      .getByRole('checkbox', { name: product.title, exact: true })
      .check();
    await app.getByRole('button', { name: 'Schedule show' }).click();
    await adminToast(admin, 'Live show scheduled.').waitFor();
    await app.getByRole('list', { name: 'Upcoming shows' }).getByText(TITLE).waitFor();
    await screenshotAt(admin, 'live-1280', 1280, 1600);
    await screenshotAt(admin, 'live-375', 375, 2600);

    // Go Live opens the studio; the seller goes live with the camera and pins the product.
    const studioUrl = await app.getByRole('link', { name: 'Go Live' }).getAttribute('href');
    expect(studioUrl).toMatch(/\/live-service\/studio\/[^/#]+#key=/);
    const camera = join(workDir, 'camera.y4m');
    await writeFrameCodeY4m(camera, 4);
    studioBrowser = await launchChromium({ camera });
    const studio = await studioBrowser.newPage({ viewport: { width: 1280, height: 900 } });
    studio.on('dialog', (dialog) => void dialog.accept());
    await studio.goto(studioUrl ?? '');
    await studio.getByRole('heading', { name: TITLE }).waitFor();
    await studio.getByRole('button', { name: 'Go live' }).click();
    await studio.getByText('You are live.').waitFor({ timeout: 60_000 });
    // The studio names the product as the admin does (the snapshot sent when scheduling).
    await studio.getByText(product.title, { exact: true }).waitFor();
    await studio.getByRole('button', { name: `Pin ${product.title}`, exact: true }).click();
    await studio.getByRole('button', { name: `Unpin ${product.title}`, exact: true }).waitFor();
    await screenshot(studio, 'live-studio-on-air');

    // A shopper on the storefront: the stream, the pinned product, the chat.
    const shopperContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const shopper = await shopperContext.newPage();
      // What the shopper's page reported, for a failure's message: it runs on CI's loaded machine.
      const reported: string[] = [];
      shopper.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') reported.push(m.text().slice(0, 200));
      });
      shopper.on('requestfailed', (r) => reported.push(`${r.failure()?.errorText} ${r.url()}`));
      shopper.on('response', (r) => {
        if (r.status() >= 400) reported.push(`${r.status()} ${r.url()}`);
      });
      await shopper.goto(STORE);
      const player = shopper.locator('[data-popstage-live]');
      await player.getByText('Live', { exact: true }).first().waitFor({ timeout: 60_000 });
      try {
        await expect
          .poll(() => playing(shopper, '[data-popstage-live] video'), { timeout: 90_000 })
          .toBe(true);
      } catch (error) {
        const video = await shopper
          .locator('[data-popstage-live] video')
          .evaluate((v: HTMLVideoElement) => `readyState ${v.readyState}, src ${v.currentSrc}`)
          .catch(() => 'no video');
        throw new Error(
          `The stream never played (${video}); the page reported: ${reported.slice(-10).join(' | ')}`,
          { cause: error },
        );
      }
      const pinned = player.getByRole('region', { name: 'Pinned product' });
      await pinned.getByText(product.title).waitFor({ timeout: 30_000 });
      await player.getByLabel('Your name').fill('Ava');
      await player.getByLabel('Message').fill('Is it warm?');
      await player.getByRole('button', { name: 'Send' }).click();
      await studio.getByText('Is it warm?').waitFor({ timeout: 30_000 });
      await screenshot(shopper, 'live-shopper-375');

      // Adds the pinned product without leaving the stream, then checks out.
      const added = shopper.waitForResponse(
        (r) => r.url().endsWith('/cart/add.js') && r.request().method() === 'POST',
      );
      await pinned.getByRole('button', { name: /Add to cart/ }).click();
      const add = await added;
      expect(add.status()).toBe(200);
      expect(add.request().postData()).toContain('_popstage_show');
      await pinned.getByRole('button', { name: /Added to cart/ }).waitFor();
      expect(await playing(shopper, '[data-popstage-live] video')).toBe(true);
      await shopper.goto(`${STORE}/cart`);
      await shopper.getByRole('button', { name: 'Check out' }).click();
      await shopper.getByRole('heading', { name: 'Thank you for your order' }).waitFor();

      // The show ends; its replay plays on the storefront.
      await studio.getByRole('button', { name: 'End show' }).click();
      await studio.getByText('Ended', { exact: true }).first().waitFor({ timeout: 90_000 });
      await expect
        .poll(
          async () => {
            await shopper.goto(STORE);
            return shopper
              .locator('[data-popstage-live]')
              .getByText('Replay', { exact: true })
              .count();
          },
          { timeout: 90_000, interval: 2000 },
        )
        .toBeGreaterThan(0);
      await shopper.locator('[data-popstage-live] video').evaluate((video: HTMLVideoElement) => {
        video.muted = true;
        return video.play();
      });
      await expect
        .poll(() => playing(shopper, '[data-popstage-live] video'), { timeout: 30_000 })
        .toBe(true);
      await screenshot(shopper, 'live-replay-375');
    } finally {
      await shopperContext.close();
    }

    // Back in the admin: a moment of the replay becomes a Popclip.
    await page.reload();
    const replays = app.getByRole('list', { name: 'Replays' });
    await replays.getByText(TITLE).waitFor({ timeout: 60_000 });
    await app.getByRole('button', { name: `Create Popclip from ${TITLE}` }).click();
    const dialog = app.getByRole('dialog');
    await dialog.getByLabel('Popclip title').fill('Winter drop highlight');
    await dialog.getByLabel('From (seconds)').fill('1');
    await dialog.getByLabel('To (seconds)').fill('4');
    await dialog.getByRole('button', { name: 'Create Popclip' }).click();
    await waitForAppPath(admin, BASE, DEMO, '/popclips/list');
    await app.getByText('Winter drop highlight').first().waitFor();
    const api = shopApi(page.request, BASE, DEMO);
    const clips = await api<{
      data: { metaIdentifier: string; metaData: { videoTitle: string } }[];
    }>('POST', '/api/media/listMediabyID', {
      id: DEMO,
      pageSize: 12,
      fileCategory: 'shopifyClips',
    });
    const clip = clips.data.find((c) => c.metaData.videoTitle === 'Winter drop highlight');
    expect(clip).toBeDefined();
    await waitUntilProcessed(page.request, BASE, DEMO, clip?.metaIdentifier ?? '');

    // The 5 % success fee of the live sale is on the local Shopify's billing page.
    const billing = `${localShopify(BASE)}/sandbox/billing/shops/${DEMO}`;
    await expect
      .poll(
        async () => {
          await page.goto(billing);
          return page.locator('[data-usage-record]').count();
        },
        { timeout: 180_000, interval: 5000 },
      )
      .toBe(1);
    await page.getByRole('heading', { name: 'Usage charges' }).waitFor();
    await screenshot(page, 'live-usage-charge');

    // The merchant sees the same charge on the app's Subscription page.
    const plans = await openAdmin(page, BASE, DEMO, '/manage/plans');
    await plans.app.getByRole('heading', { name: 'Live sales fees' }).waitFor({ timeout: 30_000 });
    const fee = plans.app.getByRole('row').filter({ hasText: '#1001' });
    await fee.getByText('Charged').waitFor({ timeout: 30_000 });
    await fee.scrollIntoViewIfNeeded();
    await screenshotAt(plans.admin, 'live-fees-1280', 1280, 1800);
    await screenshotAt(plans.admin, 'live-fees-375', 375, 3200);
  }, 600_000);
});
