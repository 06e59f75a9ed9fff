import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin } from './admin';
import { screenshot } from './browser';
import { localShopify } from './local-shopify';
import { prepareShop } from './prepare-shop';
import { journeySession } from './session';

/** Issue 31: the screens it changed, as a merchant meets them, at 1280 and 375 px. */

const BASE = process.env.E2E_BASE_URL ?? '';
const STORE = localShopify(BASE);
const DEMO = 'demo-store.myshopify.com';
const session = journeySession(BASE, DEMO, { resetAfter: true });

async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(800);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('issue 31 screens', () => {
  it('Select Plan on a phone, landing, the create page limits, a downgrade, Access Denied', async () => {
    const { page } = session;
    // A fresh shop starts on Select Plan: at 375 px the headings keep the cards' inset.
    const fresh = await openAdmin(page, BASE, DEMO);
    await fresh.app.getByRole('heading', { name: 'Select Plan' }).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    const heading = fresh.app.getByRole('heading', { level: 2, name: 'Mobile App' });
    await heading.waitFor();
    const frame = await page.locator('#app-frame').boundingBox();
    const box = await heading.boundingBox();
    expect((box?.x ?? 0) - (frame?.x ?? 0)).toBeGreaterThanOrEqual(12);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shots(page, 'i31-select-plan');

    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-basic']);
    const { app } = await openAdmin(page, BASE, DEMO);
    await app.getByRole('heading', { name: 'Popclips: Shoppable Videos' }).waitFor();
    await app.getByText('Import your videos from Instagram and TikTok').waitFor();
    await shots(page, 'i31-landing-basic');

    await openAdmin(page, BASE, DEMO, '/popclips/create');
    await app.getByText('MP4 or MOV, up to 100MB and 3 minutes').waitFor();
    await app.getByLabel('Use a custom thumbnail').check();
    expect(await app.getByText('Otherwise a frame of the video is used.').count()).toBe(0);
    await shots(page, 'i31-create-popclip');

    // A downgrade from Basic to Free: when it applies and what the unused days earn.
    await openAdmin(page, BASE, DEMO, '/manage/plans');
    await app.getByRole('button', { name: 'Change Popclips: Shoppable Videos plan' }).click();
    await app
      .getByRole('dialog')
      .getByRole('button', { name: /^Select Popclips: Shoppable Videos Free/ })
      .first()
      .click();
    await app.getByRole('button', { name: 'Done' }).click();
    await app.getByRole('button', { name: 'Checkout' }).first().click();
    await app.getByText(/The new plan applies as soon as you approve it/).waitFor();
    await shots(page, 'i31-downgrade-confirmation');
    await app.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // Deactivated: Access Denied at /manage/plans, without the back arrow and the note.
    const flagged = await page.request.post(`${STORE}/sandbox/api/shops/${DEMO}/flags`, {
      data: { deactivate_shop: true },
    });
    expect(flagged.ok()).toBe(true);
    await openAdmin(page, BASE, DEMO, '/manage/plans');
    await app.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await app.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await shots(page, 'i31-access-denied-manage-plans');
  });

  it("the local Shopify's theme editor deep links, products admin, and control page", async () => {
    const { page } = session;
    const key = process.env.E2E_SHOPIFY_API_KEY ?? '';
    const editor = `${STORE}/sandbox/store/${DEMO}/themes/current/editor`;
    await page.goto(`${editor}?template=index&addAppBlockId=${key}/carousel&target=newAppsSection`);
    await page.getByRole('heading', { name: 'Add Popstage carousel to Home page' }).waitFor();
    await shots(page, 'i31-theme-editor-add-block');
    await page.goto(`${editor}?context=apps&activateAppId=${key}/app-embed`);
    await page.getByRole('heading', { name: 'Turn on the Popstage app embed' }).waitFor();
    await shots(page, 'i31-theme-editor-activate-embed');

    // The admin connects the sales channel on its first load.
    const { app } = await openAdmin(page, BASE, DEMO);
    await app.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await page.goto(`${STORE}/sandbox/store/${DEMO}/admin/products`);
    await page.getByRole('button', { name: 'Include in Popstage' }).waitFor();
    await shots(page, 'i31-products-admin');
    await page.goto(`${STORE}/sandbox/store/${DEMO}/admin/orders`);
    await page.getByRole('heading', { name: /^Orders/ }).waitFor();
    await shots(page, 'i31-orders-admin');

    await page.goto(`${STORE}/sandbox`);
    await page.getByRole('button', { name: 'Add views' }).first().waitFor();
    await page.locator('form[action$="/views"]').first().scrollIntoViewIfNeeded();
    await shots(page, 'i31-control-page');
  });
});
