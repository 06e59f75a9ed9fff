import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** The Shopify mode's shots go aside: its shell journey runs beside the sandbox mode's. */
const ARTIFACTS = resolve(
  import.meta.dirname,
  process.env.E2E_PLATFORM === 'shopify' ? 'artifacts/shopify' : 'artifacts',
);

/** Saves a full-page screenshot under e2e/artifacts for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Both widths a merchant uses, a phone and a desktop, from the top of the embedded app. */
export async function screenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  await page
    .frameLocator('#app-frame')
    .locator('body')
    .evaluate(() => window.scrollTo(0, 0));
  // The admin frame animates its layout to the width: let it settle first.
  await page.setViewportSize({ width: 375, height: 900 });
  await page.waitForTimeout(800);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(800);
  await screenshot(page, `${name}-1280`);
}

/** Saves the page at one size (the layout settles first), then goes back to 1280x900. */
export async function screenshotAt(page: Page, name: string, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.waitForTimeout(800);
  await screenshot(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}
