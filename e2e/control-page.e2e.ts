import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { embedded } from './admin';
import { screenshot } from './browser';
import { localShopify } from './local-shopify';
import { journeySession } from './session';

/**
 * Every control of the local Shopify's control page (/sandbox), clicked as a newcomer would, each
 * checked by its effect: the notice the page comes back with and the state the card then shows.
 * The other shop, so the journeys on the demo shop are not disturbed; it is reset after.
 */
const BASE = process.env.E2E_BASE_URL ?? '';
const STORE = localShopify(BASE);
const SHOP = 'other-store.myshopify.com';
const session = journeySession(BASE, SHOP, { resetAfter: true });

const card = (page: Page) => page.locator('section.card', { hasText: SHOP }).first();
const notice = (page: Page) => page.getByRole('status').first();
/** Clicks a button of the card's form (the one holding `formText`) and waits for the notice. */
async function submit(page: Page, button: Locator, expected: string | RegExp) {
  // The form posts and the page comes back (303) with the notice: wait for that navigation.
  await Promise.all([page.waitForNavigation({ url: /\/sandbox\?done=/ }), button.click()]);
  await expect(notice(page).textContent()).resolves.toMatch(expected);
}
const form = (page: Page, text: string | RegExp) =>
  card(page).locator('form', { hasText: text }).first();
/**
 * A switch of the card, clicked whichever way it stands, then back: each click comes back with
 * `expected` and the button then offers the other way.
 */
async function toggleTwice(
  page: Page,
  target: Locator,
  labels: [string, string],
  expected: string | RegExp,
) {
  const first = (await target.getByRole('button', { name: labels[0] }).count()) > 0 ? 0 : 1;
  for (const index of [first, 1 - first]) {
    await submit(page, target.getByRole('button', { name: labels[index] }), expected);
    await target.getByRole('button', { name: labels[1 - index] }).waitFor();
  }
}
/** The card's form posting to `<shop>/<action>`. */
const formTo = (page: Page, action: string) =>
  card(page).locator(`form[action$="/${action}"]`).first();

describe('the control page', () => {
  it('every control does what it says', { timeout: 240_000 }, async () => {
    const { page } = session;
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${STORE}/sandbox`);
    await card(page).waitFor();

    // The header's links to the app's offline services and the operator console.
    for (const [name, path] of [
      ['SMS outbox', '/sandbox/outbox'],
      ['Support requests', '/sandbox/support'],
      ['Operator console', '/operator'],
    ] as const) {
      const [response] = await Promise.all([
        page.waitForNavigation(),
        page.getByRole('link', { name, exact: true }).click(),
      ]);
      expect(response?.ok()).toBe(true);
      expect(new URL(page.url()).pathname.startsWith(path)).toBe(true);
      await page.goto(`${STORE}/sandbox`);
    }

    // Open the admin: the app installs and connects its sales channel.
    await card(page).getByRole('link', { name: 'Open admin as this shop' }).click();
    await embedded(page)
      .app.getByRole('heading', { level: 1 })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.goto(`${STORE}/sandbox`);
    await expect(card(page).textContent()).resolves.toContain('Installed');

    // The storefront link.
    const storefront = card(page).locator('dd a').first();
    const storefrontUrl = (await storefront.getAttribute('href')) ?? '';
    await storefront.click();
    await page.waitForURL(storefrontUrl);
    const productHref =
      (await page.locator('a[href*="/products/"]').first().getAttribute('href')) ?? '';
    const handle = productHref.split('/products/')[1]?.split(/[?#]/)[0] ?? '';
    expect(handle).not.toBe('');
    // A shopper's order, for the privacy request below.
    await page.goto(`${storefrontUrl.replace(/\/$/, '')}/products/${handle}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const orderName = ((await page.locator('.notice strong').first().textContent()) ?? '').trim();
    expect(orderName).toMatch(/^#\d+$/);
    await page.goto(`${STORE}/sandbox`);

    // App access: protected customer data, switched one way and back.
    await toggleTwice(
      page,
      formTo(page, 'protected-customer-data'),
      ['Approve', 'Withdraw'],
      /Protected customer data access saved/,
    );

    // Sales channel.
    await submit(
      page,
      card(page).getByRole('button', { name: 'Publish all active products' }),
      /published to the Popstage sales channel/,
    );
    await expect(form(page, 'Popstage sales channel').textContent()).resolves.toMatch(
      /[1-9]\d* products published/,
    );

    // Products: a real handle, then one the store does not have.
    await card(page).getByRole('textbox', { name: 'Product handle' }).fill(handle);
    await card(page).getByRole('combobox', { name: 'Product change' }).selectOption('sell_out');
    await submit(
      page,
      formTo(page, 'product-edit').getByRole('button', { name: 'Apply' }),
      /Product changed/,
    );
    await card(page).getByRole('textbox', { name: 'Product handle' }).fill('no-such-product');
    await submit(
      page,
      formTo(page, 'product-edit').getByRole('button', { name: 'Apply' }),
      'The store has no product with that handle.',
    );

    // Theme: the app embed and cookie consent, each switched one way and back.
    for (const action of ['embed', 'consent']) {
      await toggleTwice(page, formTo(page, action), ['Switch on', 'Switch off'], /switched|saved/);
    }

    // Feature flags: each switched one way and back.
    const flags = await card(page).locator('form[action$="/flags"] code').allTextContents();
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) {
      await toggleTwice(page, form(page, flag), ['Turn on', 'Turn off'], 'Feature flag saved.');
    }

    // A plan change proposal, as staff would make it.
    await submit(
      page,
      card(page).getByRole('button', { name: 'Propose plan change' }),
      /Plan change proposed/,
    );

    // Mobile app state: a submitted request, its review form, and the sandbox phone.
    await card(page)
      .getByRole('combobox', { name: 'Mobile app state preset' })
      .selectOption('submitted');
    await submit(
      page,
      formTo(page, 'mobile-app-state').getByRole('button', { name: 'Apply' }),
      'Mobile app state applied.',
    );
    await card(page).getByRole('textbox', { name: 'Customer issue' }).fill('Logo too small');
    await submit(
      page,
      card(page).getByRole('button', { name: 'Save review state' }),
      /Mobile app state applied|refused/,
    );
    const phone = card(page).getByRole('link', { name: 'Open the branded app on a sandbox phone' });
    if (await phone.count()) {
      const [popup] = await Promise.all([page.waitForEvent('popup'), phone.click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toContain('/app-preview');
      await popup.close();
    }

    // Shopper traffic: a month of it, and a chosen number of views (this shop has no clip: both
    // runs say so once done).
    await submit(
      page,
      card(page).getByRole('button', { name: 'Generate a month of traffic' }),
      /Generating a month of shopper traffic/,
    );
    await card(page)
      .locator('.badge', { hasText: /Done|Failed/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await card(page).getByRole('spinbutton', { name: 'Views to add this month' }).fill('5');
    await submit(page, card(page).getByRole('button', { name: 'Add views' }), /Adding views/);
    await card(page)
      .locator('.badge', { hasText: /Done|Failed/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await expect(formTo(page, 'traffic').textContent()).resolves.toMatch(
      /no processed public clip|views counted|Failed/,
    );
    await screenshot(page, 'control-page-traffic');

    // Privacy requests, by order names.
    await card(page).getByRole('textbox', { name: "The customer's orders" }).fill(orderName);
    await card(page).getByRole('combobox', { name: 'Request' }).selectOption('customers/redact');
    await submit(
      page,
      formTo(page, 'privacy-requests').getByRole('button', { name: 'Send' }),
      /Privacy request sent/,
    );

    // Uninstall (confirmed), then shop/redact, then reset (confirmed).
    await submit(
      page,
      card(page).getByRole('button', { name: 'Uninstall app' }),
      /App uninstalled/,
    );
    await expect(card(page).textContent()).resolves.toContain('Uninstalled');
    await submit(
      page,
      card(page).getByRole('button', { name: 'Send shop/redact' }),
      /Privacy request sent/,
    );
    await submit(
      page,
      card(page).getByRole('button', { name: 'Reset to fresh install' }),
      'The shop is back to a fresh install.',
    );
    await expect(card(page).textContent()).resolves.toContain('Not installed');
  });
});
