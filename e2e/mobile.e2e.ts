import { join } from 'node:path';
import { generateClip } from '@popstage/testkit/clip';
import { pngImage } from '@popstage/testkit/image';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSaveBar, adminToast, openAdmin, waitForAppPath } from './admin';
import { screenshot, screenshotsAtBothWidths } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { firstPublishedProduct, prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const CLIP_TITLE = 'Preview clip';

const session = journeySession(BASE, DEMO, { resetAfter: true });

const api = <T>(method: 'GET' | 'POST', path: string, data?: object) =>
  shopApi(session.page.request, BASE, DEMO)<T>(method, path, data);

/** The shop's part of the local Shopify's control page, where Popstage staff see requests. */
async function controlSection(page: Page) {
  await page.goto(`${localShopify(BASE)}/sandbox#${DEMO}`);
  return page.locator(`section[id="${DEMO}"]`);
}

/** On a phone the preview sits below the form: a 375 px shot scrolled to the phone. */
async function previewAtPhoneWidth(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.waitForTimeout(800);
  await page.frameLocator('#app-frame').getByTestId('phone-preview').scrollIntoViewIfNeeded();
  await screenshot(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Staff set the request's review state on the local Shopify's control page. */
async function setReviewState(page: Page, fields: { iosStatus: string; iosLink?: string }) {
  const form = (await controlSection(page)).getByRole('form', { name: 'App request review' });
  await form.getByLabel('iOS status').selectOption(fields.iosStatus);
  if (fields.iosLink) await form.getByLabel('iOS store link').fill(fields.iosLink);
  await form.getByRole('button', { name: 'Save review state' }).click();
  await page.getByText('Mobile app state applied.').waitFor();
}

describe('mobile app builder journey', () => {
  it('a Mobile Pro merchant designs and submits an app, staff review it, appearance and menu reach the preview', async () => {
    const { page } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-basic', 'addon-mobile-pro']);
    // A Popclip for the preview's feed screen, processed while the merchant designs the app.
    const product = await firstPublishedProduct(shopApi(page.request, BASE, DEMO));
    const clipFile = await generateClip(join(session.workDir, 'preview.mp4'));
    const clipId = await uploadClip(page.request, BASE, DEMO, CLIP_TITLE, clipFile, product);

    // /mobile opens Setup while the app has no store link.
    const { admin, app } = await openAdmin(page, BASE, DEMO, '/mobile');
    await waitForAppPath(page, BASE, DEMO, '/mobile/setup');
    await app.getByRole('heading', { name: '1. App Request Checklist' }).waitFor();
    await app.getByText('Setup Not Completed').waitFor({ state: 'detached' });
    await screenshotsAtBothWidths(page, 'mobile-setup');

    // 1. Checklist: each step saved at once.
    for (const label of [
      /D-U-N-S/,
      /Apple Developer Program/,
      /appdev\+demo-store@popstage\.app/,
    ]) {
      // Controlled by the query cache, which settles a tick after the click.
      await app.getByLabel(label).click();
      await expect.poll(() => app.getByLabel(label).isChecked()).toBe(true);
    }
    await expect
      .poll(async () => {
        const setup = await api<{ data: Record<string, number> }>('GET', '/api/store/v1/app-setup');
        return Object.values(setup.data).every((time) => time > 0);
      })
      .toBe(true);
    await app.getByRole('button', { name: 'Next' }).first().click();

    // 2. Support URL: https:// goes in front on blur; Next checks it.
    const support = app.getByLabel('Support URL');
    await support.fill('help.example.com');
    await support.blur();
    await expect.poll(() => support.inputValue()).toBe('https://help.example.com');
    await app.locator('#setup-support-content').getByRole('button', { name: 'Next' }).click();

    // 3. App names: Next refuses an empty form with the spec's message.
    const names = app.locator('#setup-appName-content');
    await names.getByRole('button', { name: 'Next' }).click();
    await names.getByText('This is a required field').first().waitFor();
    const values: [string, string][] = [
      ['Company name', 'Demo Store LLC'],
      ['Apple developer team ID', 'ABCDE12345'],
      ['Desired app name', 'Demo Store'],
      ['Alternative app name 1', 'Demo Shop'],
      ['Alternative app name 2', 'Demo Boutique'],
    ];
    for (const [label, value] of values) await names.getByLabel(label, { exact: true }).fill(value);
    await names.getByRole('button', { name: 'Next' }).click();

    // 4. Images: a wrong size is refused with the spec's toast; the exact ones upload.
    const images = app.locator('#setup-images-content');
    const icon = images.locator('input[type=file]').nth(0);
    await icon.setInputFiles({
      name: 'icon.png',
      mimeType: 'image/png',
      buffer: pngImage({ width: 100, height: 100 }),
    });
    await adminToast(admin, 'Selected image must be 1536x1536').waitFor();
    await icon.setInputFiles({
      name: 'My Icon (final).png',
      mimeType: 'image/png',
      buffer: pngImage({ width: 1536, height: 1536, rgb: [20, 60, 160] }),
    });
    await images
      .locator('input[type=file]')
      .nth(1)
      .setInputFiles({
        name: 'launch.png',
        mimeType: 'image/png',
        buffer: pngImage({ width: 1000, height: 1600, rgb: [250, 250, 250] }),
      });
    await images.getByRole('img', { name: /App icon/ }).waitFor();
    await images.getByRole('img', { name: /Launch screen/ }).waitFor();
    await images.getByLabel('Primary colour', { exact: true }).fill('#143ca0');
    await images.getByLabel('Secondary colour', { exact: true }).fill('#ffffff');
    await images.getByRole('button', { name: 'Preview colours' }).click();
    const preview = app.getByRole('dialog', { name: 'Colour preview' });
    await preview.getByText('Demo Store').waitFor();
    await screenshotsAtBothWidths(page, 'mobile-setup-colour-preview');
    await preview.getByRole('button', { name: 'Close' }).click();
    await images.getByRole('button', { name: 'Next' }).click();

    // 5. Home collection from the Storefront API.
    const home = app.locator('#setup-collection-content');
    await home.getByRole('textbox', { name: 'Home collection' }).fill('Women');
    await home.getByRole('option', { name: 'Women', exact: true }).click();
    await home.getByText('Selected:').getByText('Women').waitFor();
    await home.getByRole('button', { name: 'Next' }).click();

    // 6. Submit.
    const submit = app.locator('#setup-submit-content').getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await screenshotsAtBothWidths(page, 'mobile-setup-ready');
    await submit.click();
    await adminToast(admin, 'Successfully submitted the app request.').waitFor();
    await app.getByText('iOS App Approval Pending').waitFor();
    await app.getByText('Android App Approval Pending').waitFor();
    await screenshotsAtBothWidths(page, 'mobile-setup-submitted');

    // The request appears on the sandbox control page, pending on both platforms (Mobile Pro).
    const control = await controlSection(page);
    await control.getByText(/^iOS PENDING · Android PENDING · submitted /).waitFor();
    await control.getByRole('form', { name: 'App request review' }).waitFor();

    // Staff: iOS under review, then live with its store link; the banners follow.
    await setReviewState(page, { iosStatus: 'REVIEW' });
    await page
      .locator(`section[id="${DEMO}"]`)
      .getByText(/^iOS REVIEW · Android PENDING · submitted /)
      .waitFor();
    await openAdmin(page, BASE, DEMO, '/mobile/appearance');
    await app.getByText('iOS App Under Review').waitFor();
    await setReviewState(page, {
      iosStatus: 'LIVE',
      iosLink: 'https://apps.apple.com/app/id6450000099',
    });
    await openAdmin(page, BASE, DEMO, '/mobile/appearance');
    await app.getByText('iOS App Live').waitFor();
    await app.getByRole('link', { name: 'https://apps.apple.com/app/id6450000099' }).waitFor();
    // A store link exists: Setup Mobile App leaves the tabs.
    await expect(app.getByRole('tab', { name: 'Setup Mobile App' }).count()).resolves.toBe(0);

    // Appearance: the header logo must be an image (a refused drop says why), then uploads.
    const logo = app.getByLabel('Header logo', { exact: true });
    await logo.setInputFiles({
      name: 'logo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await adminToast(admin, 'Selected file must be a gif, jpg or png image').waitFor();
    await logo.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngImage({ width: 480, height: 120, rgb: [255, 255, 255] }),
    });
    await app.getByRole('img', { name: 'Header logo' }).waitFor();

    // Appearance: saved through the save bar, shown in the preview.
    await app.getByLabel('Banner colour', { exact: true }).fill('#f6f6f6');
    await app.getByLabel('Live banner colour', { exact: true }).fill('#d72c0d');
    await app.getByLabel('Banner title', { exact: true }).fill('Summer sale');
    await app.getByLabel('Banner text', { exact: true }).fill('Everything 20% off');
    await app.getByLabel('Live banner title', { exact: true }).fill('We are live');
    await app.getByLabel('Live banner text', { exact: true }).fill('Join the show now');
    const inventory = app.getByLabel('Show the stock left when it is at most');
    await inventory.fill('0');
    const saveBar = adminSaveBar(admin);
    await saveBar.getByRole('button', { name: 'Save' }).click();
    await app.getByText('Please enter a valid input').waitFor();
    await inventory.fill('5');
    await saveBar.getByRole('button', { name: 'Save' }).click();
    await adminToast(admin, 'Successfully saved the changes').waitFor();
    await app.getByTestId('phone-preview').getByText('Summer sale').waitFor();
    await screenshotsAtBothWidths(page, 'mobile-appearance');

    // Custom menu: the main navigation by handle, checked against the store's menus.
    await app.getByRole('tab', { name: 'Custom Menu' }).click();
    await waitForAppPath(page, BASE, DEMO, '/mobile/custom-menu');
    const handles = app.getByLabel('Menu handle');
    await handles.nth(0).fill('main-menu');
    await app.getByText('Main menu', { exact: true }).waitFor();
    await handles.nth(1).fill('no-such-menu');
    await app.getByText('Could not find any results').waitFor();
    await handles.nth(1).fill('footer');
    await app.getByText('Footer menu', { exact: true }).waitFor();
    await screenshotsAtBothWidths(page, 'mobile-custom-menu');
    await saveBar.getByRole('button', { name: 'Save' }).click();
    await adminToast(admin, 'Successfully saved the changes').waitFor();

    // The preview reads the saved config: the menu appears in its Menu screen.
    await app.getByRole('tab', { name: 'Appearance' }).click();
    await app.getByRole('button', { name: 'Menu' }).click();
    const phonePreview = app.getByTestId('phone-preview');
    await phonePreview
      .getByRole('region', { name: 'Main navigation' })
      .getByText('New arrivals')
      .waitFor();
    // The Shop tab menu was set to the store's footer menu.
    await phonePreview.getByRole('region', { name: 'Shop tab menu' }).waitFor();
    await screenshotsAtBothWidths(page, 'mobile-preview-menus');
    await previewAtPhoneWidth(page, 'mobile-preview-menus-phone-375');
    // The Popclips screen reads the shop's storefront feed: the clip uploaded at the start.
    await waitUntilProcessed(page.request, BASE, DEMO, clipId);
    await app.getByRole('button', { name: 'Popclips' }).click();
    await phonePreview.getByRole('list', { name: 'Popclips' }).getByText(CLIP_TITLE).waitFor();
    await screenshotsAtBothWidths(page, 'mobile-preview-popclips');
    await previewAtPhoneWidth(page, 'mobile-preview-popclips-phone-375');

    // The public config API a branded app reads.
    const config = await api<{ data: { publicAppId: string } }>('GET', '/api/store/v1/app-config');
    const answer = await page.request.get(`${BASE}/mobile/v1/config/${config.data.publicAppId}`);
    const body = await answer.json();
    expect(body.config).toMatchObject({ bannerTitle: 'Summer sale', showInventoryLimit: 5 });
    expect(body.menus.main.title).toBe('Main menu');
    expect(body.featuredCollection.title).toBe('Women');

    // The sandbox phone: the branded app as it reads its public config.
    const phone = await session.browser.newPage({ viewport: { width: 375, height: 800 } });
    await phone.goto(`${localShopify(BASE)}/sandbox#${DEMO}`);
    const [device] = await Promise.all([
      phone.waitForEvent('popup'),
      phone
        .locator(`section[id="${DEMO}"]`)
        .getByRole('link', { name: 'Open the branded app on a sandbox phone' })
        .click(),
    ]);
    await device.getByText('Summer sale').waitFor();
    await device.getByText('We are live').waitFor();
    await device.getByRole('heading', { name: 'Women' }).waitFor();
    await screenshot(device, 'mobile-sandbox-phone-home');
    await device.getByRole('link', { name: 'Menu' }).click();
    await device.getByText('New arrivals').waitFor();
    await device.getByRole('heading', { name: 'Footer menu' }).waitFor();
    await screenshot(device, 'mobile-sandbox-phone-menu');
    await phone.close();

    // Customer account login: four steps, the client id saved through shop-info.
    await app.getByRole('tab', { name: 'Setup Customer Account Login' }).click();
    await app.getByText('Step 1 of 4').waitFor();
    await screenshotsAtBothWidths(page, 'mobile-customer-login');
    await app.getByRole('button', { name: 'Next' }).click();
    await app.getByText('Step 2 of 4').waitFor();
    await app.getByRole('button', { name: 'Next' }).click();
    const clientId = app.getByLabel('Customer Account API Client ID');
    await clientId.fill('   ');
    await app.getByRole('button', { name: 'Confirm' }).click();
    await app.getByText('Please enter a valid Customer Account API Client ID').waitFor();
    await clientId.fill('  shp_0a1b2c3d  ');
    await app.getByRole('button', { name: 'Confirm' }).click();
    await adminToast(admin, 'Successfully saved the Client ID (shp_0a1b2c3d).').waitFor();
    await app.getByText('Step 4 of 4').waitFor();
    await app.getByText('shp_0a1b2c3d', { exact: true }).waitFor();

    // Notifications/Banners: the Apple Developer Agreement popup.
    await app.getByRole('tab', { name: 'Notifications/Banners' }).click();
    await app.getByRole('button', { name: 'How to update it' }).click();
    await app.getByRole('dialog', { name: 'Update the Apple Developer Agreement' }).waitFor();
    await screenshotsAtBothWidths(page, 'mobile-notifications');
    await app
      .getByRole('dialog', { name: 'Update the Apple Developer Agreement' })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();

    // Compose shows the status banners too.
    await app.getByRole('button', { name: 'Compose Push Notification' }).click();
    await waitForAppPath(page, BASE, DEMO, '/mobile/notification');
    await app.getByText('iOS App Live').waitFor();
    await screenshotsAtBothWidths(page, 'mobile-compose');
  }, 150_000); // the longest journey: a clip processed, an app designed, submitted and reviewed
});
