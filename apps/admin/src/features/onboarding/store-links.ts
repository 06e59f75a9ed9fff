import {
  CAROUSEL_BLOCK_HANDLE,
  productsAdminLink,
  themeEditorLink,
} from '../../app/host/store-admin-links';
import type { HostKind } from '../../app/host/types';

export interface StoreLinks {
  /** Where the merchant switches the app embed on. */
  appEmbed: string;
  /** Where the merchant picks products for the sales channel one by one (the app publishes all). */
  products: string;
  /** Where the merchant adds the carousel block (all Popclips, newest first) to the home page. */
  carouselBlock: string;
}

/**
 * Where the merchant changes the store: the theme editor with our embed ready to activate or the
 * carousel block ready to add, and the products admin. The same deep links in Shopify and in the
 * local Shopify, whose theme editor and products admin honour them.
 */
export function storeLinks(
  kind: HostKind,
  shopDomain: string,
  doc: Document = document,
): StoreLinks {
  return {
    appEmbed: themeEditorLink(kind, shopDomain, { embed: true }, doc),
    products: productsAdminLink(kind, shopDomain, doc),
    carouselBlock: themeEditorLink(
      kind,
      shopDomain,
      { block: CAROUSEL_BLOCK_HANDLE, template: 'index' },
      doc,
    ),
  };
}
