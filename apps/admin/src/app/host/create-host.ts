import { detectHostKind } from './detect-host';
import { createSandboxHost } from './sandbox/create-sandbox-host';
import type { Host } from './types';

/** The one place that decides where the admin runs; App Bridge is only fetched inside Shopify. */
export async function createHost(win: Window = window): Promise<Host> {
  if (detectHostKind(win) === 'shopify') {
    const { createShopifyHost } = await import('./shopify/create-shopify-host');
    return createShopifyHost(win);
  }
  return createSandboxHost({ win });
}
