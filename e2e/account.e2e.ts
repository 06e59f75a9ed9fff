import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToast, adminUrl, embedded, openAdmin, waitForAppPath } from './admin';
import { screenshot } from './browser';
import { prepareShop, readOtpCode, shopApi, uniquePhone } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';

const session = journeySession(BASE, DEMO);
/** The app in the admin frame of the test's page. */
const appFrame = () => embedded(session.page).app;

/** Opens the wizard's link to the sandbox store in its new tab, does `change` there, closes it. */
async function inSandboxTab(linkName: string, change: (sandbox: Page) => Promise<void>) {
  const [sandbox] = await Promise.all([
    session.page.waitForEvent('popup'),
    appFrame().getByRole('link', { name: linkName }).click(),
  ]);
  await sandbox.waitForLoadState();
  await change(sandbox);
  await sandbox.close();
}

const toast = (text: string) => adminToast(session.page, text);

describe('account and onboarding journey', () => {
  it('a fresh shop takes a plan, creates its account, goes through the wizard and lands', async () => {
    const { page } = session;
    const { app } = await openAdmin(page, BASE, DEMO);
    await waitForAppPath(page, BASE, DEMO, '/account/plans', { prefix: true });
    await app.getByRole('button', { name: 'Select Popclips: Shoppable Videos Free' }).click();
    await app.getByRole('button', { name: 'Continue', exact: true }).click();
    await app.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    // A free selection needs no approval; the account guard takes over.
    await waitForAppPath(page, BASE, DEMO, '/account/create', { prefix: true });

    // Create account.
    const phone = uniquePhone();
    await app.getByRole('heading', { name: 'Create Account' }).waitFor();
    await expect(app.getByLabel('Country code').inputValue()).resolves.toBe('+1');
    await app.getByLabel('Phone number').fill('555');
    await app.getByText('Please enter a valid phone number').waitFor();
    await app.getByLabel('Email').fill(`merchant-${phone.slice(1)}@example.com`);
    await app.getByLabel('Phone number').fill(phone.slice(2));
    await app.getByText('I accept the').click();
    await screenshot(page, 'account-create');
    await app.getByRole('button', { name: 'Create Account' }).click();
    await toast('Sending OTP to phone number. Please wait...').waitFor();

    // Verify with the code from the sandbox outbox.
    await waitForAppPath(page, BASE, DEMO, '/account/verify', { prefix: true });
    await app.getByText('Resend code in').waitFor();
    await screenshot(page, 'account-verify');
    const code = await readOtpCode(page.request, BASE, phone);
    await app.getByLabel('Confirmation code').pressSequentially(code);
    await app.getByRole('img', { name: 'Account created' }).waitFor({ timeout: 45_000 });
    await screenshot(page, 'account-created');

    // The created flags move the merchant to the wizard.
    await page.waitForURL(adminUrl(BASE, DEMO, '/get-started'), { timeout: 15_000 });
    await app.getByText('0% complete').waitFor();
    await screenshot(page, 'get-started');

    // Step 1: the local Shopify's theme editor opens with the app embed ready to switch on
    // (Shopify's activateAppId deep link): Save turns it on. Then the live page.
    await inSandboxTab('Enable app embed', async (editor) => {
      expect(new URL(editor.url()).pathname).toBe(`/sandbox/store/${DEMO}/themes/current/editor`);
      await editor.getByRole('heading', { name: 'Turn on the Popstage app embed' }).waitFor();
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.getByText('Popstage On').waitFor();
    });
    await app.getByRole('button', { name: 'Create live page' }).click();
    await toast('Live page created').waitFor();
    await app.getByText('25% complete').waitFor();

    // Step 2: "Choose products" opens the store's products admin, where products are picked for
    // the sales channel one by one (the local Shopify's page offline); here the merchant prefers
    // the app to publish them all.
    await inSandboxTab('Choose products', async (products) => {
      expect(new URL(products.url()).pathname).toBe(`/sandbox/store/${DEMO}/admin/products`);
      await products.getByRole('button', { name: 'Include in Popstage' }).waitFor();
      expect(await products.getByRole('checkbox').count()).toBeGreaterThan(0);
    });
    // The app publishes the store's products to its sales channel (a job); the wizard
    // re-reads the store until the first ones are there.
    await app.getByRole('button', { name: 'Publish all products' }).click();
    await toast('Publishing your products to the Popstage sales channel').waitFor();
    await app.getByText('50% complete').waitFor();
    await app.getByRole('button', { name: 'Setup progress: 50%' }).click();
    await app.getByRole('dialog').getByText('Publish your first carousel').waitFor();
    await screenshot(page, 'get-started-progress');
    await app.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Step 3: skip the first Popclip.
    await app.getByRole('button', { name: 'Skip' }).click();
    await app.getByText("You're all set").waitFor();
    await screenshot(page, 'get-started-all-set');
    await app.getByRole('button', { name: 'Continue' }).click();
    await waitForAppPath(page, BASE, DEMO, '/');
    await app.getByRole('heading', { name: 'Welcome to Popstage' }).waitFor();
    await screenshot(page, 'account-landing');

    const shop = await shopApi(
      page.request,
      BASE,
      DEMO,
    )<Record<string, unknown>>('GET', '/api/shopify/shop');
    expect(shop).toMatchObject({
      csStoreCreated: true,
      popshopliveAccountCreated: true,
      embedEnabled: true,
      livePageCreated: true,
      skippedFirstPopclipsCreation: true,
    });
  });

  it('sends a support request from the page shell in the sandbox', async () => {
    const { page } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-basic']);
    const { app } = await openAdmin(page, BASE, DEMO, '/insights');
    await app.getByRole('heading', { name: 'Insights' }).waitFor();
    await app.getByRole('button', { name: 'Support' }).first().click();
    const dialog = app.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Contact support' }).waitFor();
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toMatch(/@example\.com$/);
    await dialog.getByLabel('Subject').fill('Carousel question');
    await dialog.getByLabel('Message').fill('How do I feature a carousel on my home page?');
    await screenshot(page, 'support-form');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast('Thanks! We received your message and will reply by e-mail.').waitFor();
    const desk = await page.request.get(`${BASE}/sandbox/support`);
    expect(await desk.text()).toContain('Carousel question');
  });
});
