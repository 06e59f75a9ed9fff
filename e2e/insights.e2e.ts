import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTraffic } from '@popstage/shopify-sandbox/testing';
import { generateClip, SHORT_CLIP } from '@popstage/testkit/clip';
import { describe, expect, it } from 'vitest';
import { openAdmin } from './admin';
import { screenshotAt } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const STORE = `${localShopify(BASE)}/sandbox/store/${DEMO}`;

const session = journeySession(BASE, DEMO, { resetAfter: true });

/**
 * A screenshot of the whole app at a width: the admin frame's iframe is as tall as the window,
 * so the window is made tall enough for the page, then put back.
 */
describe('Insights', () => {
  // Up to a rollup job's minute more than the journey itself.
  it('shows the totals of generated sandbox traffic, a clip’s funnel and the embedded report', {
    timeout: 240_000,
  }, async () => {
    const { page, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-premium']);
    const api = shopApi(page.request, BASE, DEMO);
    const products = await api<{ data: { id: string; handle: string; title: string }[] }>(
      'GET',
      '/api/catalogue/products?query=',
    );
    const sellable: { id: string; handle: string }[] = [];
    for (const candidate of products.data) {
      const productPage = await page.request.get(`${STORE}/products/${candidate.handle}`);
      if ((await productPage.text()).includes('>Add to cart</button>')) sellable.push(candidate);
      if (sellable.length === 2) break;
    }
    expect(sellable).toHaveLength(2);
    const titles = ['Autumn lookbook', 'Evening dress'];
    for (const [index, title] of titles.entries()) {
      const file = await generateClip(join(workDir, `look-${index}.mp4`), {
        ...SHORT_CLIP,
        hue: 40 + index * 120,
      });
      const product = sellable[index];
      if (!product) throw new Error('no product');
      const id = await uploadClip(page.request, BASE, DEMO, title, file, product);
      await waitUntilProcessed(page.request, BASE, DEMO, id);
    }

    // 25 days, so every visit falls in the default range (the last 30 days, New York time).
    const report = await generateTraffic({
      fetch,
      appUrl: BASE,
      storeUrl: STORE,
      shop: DEMO,
      days: 25,
      seed: 15,
      visitsPerDay: 6,
      orders: 4,
    });
    expect(report.failedOrders).toEqual([]);
    expect(report.orders).toHaveLength(4);
    const count = (type: string) => report.events.filter((e) => e.type === type).length;
    const number = (n: number) => new Intl.NumberFormat('en-US').format(n);

    let opened = await openAdmin(page, BASE, DEMO, '/insights');
    const tile = (label: string) =>
      opened.app
        .locator('h3', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::p[1]');
    // Insights reads rollups only, which the minutely rollup job writes (the views, and the
    // orders as their webhooks are attributed): the merchant sees the traffic and the orders once
    // it has run on them, on a reload.
    const orders = () => opened.app.getByText('4 of 4 store orders', { exact: false });
    await expect
      .poll(
        async () => {
          const views = await tile('Views').textContent();
          const ordersIn = (await orders().count()) > 0;
          if (views !== number(count('view')) || !ordersIn) {
            opened = await openAdmin(page, BASE, DEMO, '/insights');
          }
          return `${views}, orders ${ordersIn}`;
        },
        { timeout: 150_000, interval: 5_000 },
      )
      .toBe(`${number(count('view'))}, orders true`);
    const { admin, app } = opened;
    expect(await tile('Clicks').textContent()).toBe(number(count('click')));
    expect(await tile('Add to carts').textContent()).toBe(number(count('add_to_cart')));
    expect(await tile('Popclips uploaded').textContent()).toBe('2');
    await app.getByText('4 of 4 store orders', { exact: false }).waitFor();
    await app.getByText('America/New_York', { exact: false }).first().waitFor();
    await app.getByRole('button', { name: 'Autumn lookbook' }).waitFor();
    await app.getByRole('heading', { name: 'Weekly' }).waitFor();
    await screenshotAt(admin, 'insights-1280', 1280, 2300);
    await screenshotAt(admin, 'insights-375', 375, 5200);

    // Compare with the previous period: deltas appear on the cards.
    await app.getByLabel('Compare with the previous period').click();
    await app.getByText('vs previous period').first().waitFor();

    // The holdout test: a share of visitors does not see Popclips; the storefront learns it.
    await app.getByLabel("Visitors who don't see Popclips").selectOption('20');
    await app.getByText(/Not enough data yet/).waitFor();
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${BASE}/storefront/v1/shops/${DEMO}/feed`)).json())
            .settings.holdoutPercent,
        { timeout: 90_000 },
      )
      .toBe(20);
    await screenshotAt(admin, 'insights-holdout-1280', 1280, 2900);
    await screenshotAt(admin, 'insights-holdout-375', 375, 6000);

    // A clip's funnel and the orders credited to it.
    await app.getByRole('button', { name: 'Autumn lookbook' }).click();
    await app.getByRole('heading', { name: 'Funnel' }).waitFor();
    await app.getByText('Product clicks', { exact: true }).waitFor();
    await screenshotAt(admin, 'insights-popclip-1280', 1280, 1200);
    await screenshotAt(admin, 'insights-popclip-375', 375, 1900);

    // A customer asks the store for their data: Shopify's customers/data_request reaches the app,
    // which keeps an export the merchant downloads from Insights. And until Shopify approves
    // protected customer data access, Insights says why sales stay at zero.
    const control = `${localShopify(BASE)}/sandbox/api/shops/${DEMO}`;
    const asked = await page.request.post(`${control}/privacy-requests`, {
      data: { topic: 'customers/data_request', orders: '#1001' },
    });
    expect(asked.ok()).toBe(true);
    const withdrawn = await page.request.post(`${control}/protected-customer-data`, {
      data: { granted: false },
    });
    expect(withdrawn.ok()).toBe(true);
    await openAdmin(page, BASE, DEMO, '/insights');
    await app.getByText('Sales attribution is off for now').waitFor();
    await app.getByRole('heading', { name: 'Customer data requests' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      app.getByRole('button', { name: /^Download the data of request/ }).click(),
    ]);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(exported.orders.map((order: { name: string }) => order.name)).toEqual(['#1001']);
    expect(exported.storefrontActivity.events.length).toBeGreaterThan(0);
    await screenshotAt(admin, 'insights-privacy-1280', 1280, 2600);
    await screenshotAt(admin, 'insights-privacy-375', 375, 5600);
    await page.request.post(`${control}/protected-customer-data`, { data: { granted: true } });

    // looker_dashboard alone: the embedded, signed report page of the same numbers.
    const flags = await page.request.post(`${localShopify(BASE)}/sandbox/api/shops/${DEMO}/flags`, {
      data: { looker_dashboard: true, popclips_analytics_dashboard: false },
    });
    expect(flags.ok()).toBe(true);
    await openAdmin(page, BASE, DEMO, '/insights');
    const reportFrame = app.frameLocator('iframe[title="Insights report"]');
    await reportFrame
      .getByRole('heading', { name: /Insights report/ })
      .waitFor({ timeout: 30_000 });
    await reportFrame.getByText('Autumn lookbook').waitFor();
    await screenshotAt(admin, 'insights-report-1280', 1280, 1400);
    await screenshotAt(admin, 'insights-report-375', 375, 1400);
  });
});
