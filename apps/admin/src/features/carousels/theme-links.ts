import { CAROUSEL_BLOCK_HANDLE, themeEditorLink } from '../../app/host/store-admin-links';
import type { HostKind } from '../../app/host/types';

/**
 * Where the merchant turns the app embed on and places the carousel block: the theme editor (the
 * local Shopify's in the sandbox) with the embed ready to activate or the carousel block ready to
 * add to the home page.
 */
export function themeEditorUrl(
  kind: HostKind,
  shopDomain: string,
  target: 'embed' | 'block',
  doc: Document = document,
) {
  return themeEditorLink(
    kind,
    shopDomain,
    target === 'embed' ? { embed: true } : { block: CAROUSEL_BLOCK_HANDLE, template: 'index' },
    doc,
  );
}
