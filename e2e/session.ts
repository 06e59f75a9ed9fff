import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@popstage/testkit/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { localShopify } from './local-shopify';

export interface JourneySession {
  readonly browser: Browser;
  /** A new page for each test (1280x900 unless told), opened after the shop was reset. */
  readonly page: Page;
  /** A scratch folder for generated files, removed after the file's tests. */
  readonly workDir: string;
}

/** Puts a sandbox shop back to its first-start state (its app rows go with it). */
export async function resetShop(page: Page, base: string, shop: string): Promise<void> {
  const reset = await page.request.post(`${localShopify(base)}/sandbox/api/shops/${shop}/reset`);
  expect(reset.ok()).toBe(true);
}

/**
 * The lifecycle every journey file shares: one browser for the file, a fresh page on a freshly
 * reset shop before each test. Call at the top of the file; read the fields inside tests. With
 * `resetAfter`, the shop is reset once more when the file ends (for state other files must not see).
 */
export function journeySession(
  base: string,
  shop: string,
  options: { resetAfter?: boolean; viewport?: { width: number; height: number } } = {},
): JourneySession {
  let browser: Browser | undefined;
  let page: Page | undefined;
  let workDir: string | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    workDir = mkdtempSync(join(tmpdir(), 'popstage-e2e-work-'));
  });
  afterAll(async () => {
    if (browser && options.resetAfter) await resetShop(await browser.newPage(), base, shop);
    await browser?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (!browser) throw new Error('the browser did not start');
    page = await browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 900 } });
    await resetShop(page, base, shop);
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is only there inside a test`);
    return value;
  };
  return {
    get browser() {
      return started(browser, 'browser');
    },
    get page() {
      return started(page, 'page');
    },
    get workDir() {
      return started(workDir, 'workDir');
    },
  };
}
