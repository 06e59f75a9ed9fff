import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { APP_ICON_SIZE, LAUNCH_SCREEN_SIZE } from '@popstage/core/mobile';
import { type StartedApp, startApp } from '@popstage/testkit/app';
import { launchChromium } from '@popstage/testkit/browser';
import { pngImage } from '@popstage/testkit/image';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdmin } from './admin';
import { screenshotAt } from './browser';
import { prepareShop, shopApi } from './prepare-shop';

const FREE_SHOP = 'demo-store.myshopify.com';
const PREMIUM_SHOP = 'other-store.myshopify.com';
const STAFF = { email: 'staff@popstage.app', password: 'a long staff password' };
const SERVER_DIR = resolve(import.meta.dirname, '../apps/server');

/**
 * A server of its own: the first admin is made by `npm run operator:create` on its data
 * directory before it starts, as a deployment would (the embedded PGlite has one owner process).
 * It signs session tokens with the run's app keys, so the journeys' helpers work against it.
 */
let app: StartedApp;
let dataDir = '';
let browser: Browser;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'popstage-operator-e2e-'));
  await promisify(execFile)('npm', ['run', '-s', 'operator:create', '--', '--email', STAFF.email], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      OPERATOR_PASSWORD: STAFF.password,
      LOG_LEVEL: 'warn',
    },
  });
  app = await startApp({
    DATA_DIR: dataDir,
    SHOPIFY_API_KEY: process.env.E2E_SHOPIFY_API_KEY ?? '',
    SHOPIFY_API_SECRET: process.env.E2E_SHOPIFY_API_SECRET ?? '',
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('operator console', () => {
  it('staff publish a banner for Free shops: the Free shop sees and dismisses it, Premium never sees it', async () => {
    const base = app.baseUrl;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await prepareShop(page.request, base, FREE_SHOP, ['addon-popclips-free-2025']);
    await prepareShop(page.request, base, PREMIUM_SHOP, ['addon-popclips-premium']);

    // Sign in: the console has its own session, not Shopify's.
    await page.goto(`${base}/operator`);
    await page.waitForURL(`${base}/operator/sign-in`);
    await page.getByLabel('E-mail').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Shops', level: 1 }).waitFor();

    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Promo banners' })
      .click();
    await page.getByRole('link', { name: 'New banner' }).click();
    await page.getByLabel('Rule name (staff only)').fill('Free plan upgrade');
    await page.getByLabel('Active (published)').check();
    await page.getByLabel('Heading').fill('Unlock more views');
    await page
      .getByLabel('HTML (sanitised when saved', { exact: false })
      .fill(
        '<p>Upgrade to <strong>Basic</strong> for 15,000 views a month.</p><script>alert(1)</script>',
      );
    await page.getByLabel('Call-to-action text').fill('See plans');
    await page.getByLabel('Call-to-action link', { exact: false }).fill('/manage/plans');
    await page.getByRole('group', { name: 'Plans', exact: false }).getByLabel('free').check();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('Unlock more views').waitFor();
    await expect(preview.locator('script').count()).resolves.toBe(0);
    await screenshotAt(page, 'operator-banner-preview-1280', 1280, 1500);
    await screenshotAt(page, 'operator-banner-preview-375', 375, 2400);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Banner “Free plan upgrade” saved.').waitFor();

    // The Free shop sees it on its pages and dismisses it for good.
    const free = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { app: freeApp } = await openAdmin(free, base, FREE_SHOP, '/insights');
    const banner = freeApp.getByRole('region', { name: 'Unlock more views' });
    await banner.waitFor();
    await banner.getByText('Basic', { exact: true }).waitFor();
    await screenshotAt(free, 'promo-banner-1280', 1280, 900);
    await screenshotAt(free, 'promo-banner-375', 375, 1400);
    const dismissed = free.waitForResponse((r) =>
      r.url().includes('/api/popclips/shop-popups/dismiss'),
    );
    await banner.getByRole('button', { name: 'Dismiss notification' }).click();
    expect((await dismissed).status()).toBe(200);
    await banner.waitFor({ state: 'detached' });
    const reloaded = free.waitForResponse((r) => r.url().includes('/api/popclips/shop-popups?'));
    await free.reload();
    expect(await (await reloaded).json()).toEqual({ data: [] });
    await freeApp.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    await expect(freeApp.getByRole('region', { name: 'Unlock more views' }).count()).resolves.toBe(
      0,
    );

    // The Premium shop is not targeted.
    const premium = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const asked = premium.waitForResponse((r) => r.url().includes('/api/popclips/shop-popups?'));
    const { app: premiumApp } = await openAdmin(premium, base, PREMIUM_SHOP, '/insights');
    expect(await (await asked).json()).toEqual({ data: [] });
    await premiumApp.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    await expect(
      premiumApp.getByRole('region', { name: 'Unlock more views' }).count(),
    ).resolves.toBe(0);

    // The staff's view: one dismissal, and the change in the audit log.
    await page.goto(`${base}/operator/banners`);
    const row = page.getByRole('row', { name: /Free plan upgrade/ });
    await expect(row.getByRole('cell').nth(5).textContent()).resolves.toBe('1');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByRole('cell', { name: 'banner.create' }).waitFor();
    await screenshotAt(page, 'operator-audit-1280', 1280, 900);
  }, 240_000);

  it('staff move a branded-app request to REVIEW in the console and the merchant’s banner changes', async () => {
    const base = app.baseUrl;
    const shop = PREMIUM_SHOP;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await prepareShop(page.request, base, shop, ['addon-popclips-basic', 'addon-mobile-pro']);
    // The merchant's submitted request, through the app's own calls.
    const api = shopApi(page.request, base, shop);
    await api('POST', '/api/store/v1/app-setup', {
      dunsCompletedAt: 1_700_000_000_000,
      iosDevCompletedAt: 1_700_000_000_001,
      addDevEmailCompletedAt: 1_700_000_000_002,
    });
    // The server reads the stored images' sizes: the spec's exact ones (spec 03 §5).
    const image = async (fileName: string, size: { width: number; height: number }) => {
      const link = await api<{ uploadURL: string; publicUrl: string }>(
        'GET',
        `/api/store/v1/files/signed-link?path=apps/${shop}&contentType=image/png&public=true&fileName=${fileName}`,
      );
      const put = await page.request.put(link.uploadURL, {
        headers: { 'content-type': 'image/png' },
        data: pngImage(size),
      });
      expect(put.ok()).toBe(true);
      return link.publicUrl;
    };
    const collections = await api<{ data: { value: string }[] }>(
      'GET',
      '/api/mobile/catalogue/collections',
    );
    await api('POST', '/api/shopify/shop/mobile/app-request', {
      appleCompanyName: 'Other Store LLC',
      appleDevTeamId: 'ABCDE12345',
      desiredAppName: 'Other Store',
      altAppNameOne: 'Other Shop',
      altAppNameTwo: 'Other Boutique',
      iconS3Url: await image('icon.png', APP_ICON_SIZE),
      launchS3Url: await image('launch.png', LAUNCH_SCREEN_SIZE),
      supportUrl: 'help.example.com',
      primaryColor: '#112233',
      secondaryColor: '#ddeeff',
      collectionId: collections.data[0]?.value,
    });

    // Staff (an admin here) open the shop's request from its overview and set iOS to REVIEW.
    await page.goto(`${base}/operator/sign-in`);
    await page.getByLabel('E-mail').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.goto(`${base}/operator/shops/${shop}`);
    await page.getByRole('link', { name: /iOS PENDING/ }).click();
    const review = page.getByRole('form', { name: 'App request review' });
    await review.getByLabel('iOS status').selectOption('REVIEW');
    await review.getByRole('button', { name: 'Save request' }).click();
    await page.getByText('App request saved: the merchant sees the new status.').waitFor();
    await screenshotAt(page, 'operator-app-request-1280', 1280, 1100);
    await screenshotAt(page, 'operator-app-request-375', 375, 1800);

    // The merchant's mobile screens show the new status banner.
    const merchant = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { app: merchantApp } = await openAdmin(merchant, base, shop, '/mobile/appearance');
    await merchantApp.getByText('iOS App Under Review').waitFor();
  }, 240_000);
});
