import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { prepareShop, readOtpCode, shopApi, uniquePhone } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';

const session = journeySession(BASE, DEMO);

/** Opens the wizard's link to the sandbox store in its new tab, does `change` there, closes it. */
async function inSandboxTab(linkName: string, change: (sandbox: Page) => Promise<void>) {
  const [sandbox] = await Promise.all([
    session.page.waitForEvent('popup'),
    session.page.getByRole('link', { name: linkName }).click(),
  ]);
  await sandbox.waitForLoadState();
  expect(new URL(sandbox.url()).pathname).toBe('/sandbox');
  await change(sandbox);
  await sandbox.close();
}

const stepCard = (title: string) =>
  session.page.locator('.Polaris-ShadowBevel', {
    has: session.page.getByRole('heading', { name: title }),
  });
const toast = (text: string) => session.page.locator('.Polaris-Frame-Toast', { hasText: text });
const shopCard = (sandbox: Page) => sandbox.locator('section', { hasText: DEMO }).first();

describe('account and onboarding journey', () => {
  it('a fresh shop takes a plan, creates its account, goes through the wizard and lands', async () => {
    const { page } = session;
    await page.goto(`${BASE}/?shop=${DEMO}`);
    await page.waitForURL(`${BASE}/account/plans**`);
    await page.getByRole('button', { name: 'Select Popclips: Shoppable Videos Free' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    // A free selection needs no approval; the account guard takes over.
    await page.waitForURL(`${BASE}/account/create**`);

    // Create account.
    const phone = uniquePhone();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await expect(page.getByLabel('Country code').inputValue()).resolves.toBe('+1');
    await page.getByLabel('Phone number').fill('555');
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('Email').fill(`merchant-${phone.slice(1)}@example.com`);
    await page.getByLabel('Phone number').fill(phone.slice(2));
    await page.getByText('I accept the').click();
    await screenshot(page, 'account-create');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast('Sending OTP to phone number. Please wait...').waitFor();

    // Verify with the code from the sandbox outbox.
    await page.waitForURL(`${BASE}/account/verify**`);
    await page.getByText('Resend code in').waitFor();
    await screenshot(page, 'account-verify');
    const code = await readOtpCode(page.request, BASE, phone);
    await page.getByLabel('Confirmation code').pressSequentially(code);
    await page.getByRole('img', { name: 'Account created' }).waitFor({ timeout: 45_000 });
    await screenshot(page, 'account-created');

    // The created flags move the merchant to the wizard.
    await page.waitForURL(`${BASE}/get-started`, { timeout: 15_000 });
    await page.getByText('0% complete').waitFor();
    await screenshot(page, 'get-started');

    // Step 1: the theme's app embed in the sandbox store, then the live page.
    await inSandboxTab('Enable app embed', async (sandbox) => {
      await shopCard(sandbox)
        .locator('form', { hasText: 'Popstage app embed' })
        .getByRole('button')
        .click();
      await sandbox.waitForURL(/done=embed/);
    });
    await page.getByRole('button', { name: 'Create live page' }).click();
    await toast('Live page created').waitFor();
    await page.getByText('25% complete').waitFor();

    // Step 2: publish products through the sandbox control.
    await inSandboxTab('Publish products', async (sandbox) => {
      await shopCard(sandbox).getByRole('button', { name: 'Publish all active products' }).click();
      await sandbox.waitForURL(/done=publish/);
    });
    await stepCard('Publish products to the sales channel')
      .getByRole('button', { name: 'Check again' })
      .click();
    await page.getByText('50% complete').waitFor();
    await page.getByRole('button', { name: 'Setup progress: 50%' }).click();
    await page.getByRole('dialog').getByText('Publish your first carousel').waitFor();
    await screenshot(page, 'get-started-progress');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Step 3: skip the first Popclip.
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByText("You're all set").waitFor();
    await screenshot(page, 'get-started-all-set');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${BASE}/`);
    await page.getByRole('heading', { name: 'Welcome to Popstage' }).waitFor();
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
    await page.goto(`${BASE}/insights?shop=${DEMO}`);
    await page.getByRole('heading', { name: 'Insights' }).waitFor();
    await page.getByRole('button', { name: 'Support' }).first().click();
    const dialog = page.getByRole('dialog');
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
