import { localShopifyUrl } from './detect-host';
import type { HostKind } from './types';

/**
 * The block handle of our theme app embed (extensions/, blocks/<handle>.liquid). The Shop entity
 * does not carry it, so the build may override it (VITE_THEME_EMBED_HANDLE).
 */
const EMBED_HANDLE = (import.meta.env.VITE_THEME_EMBED_HANDLE as string | undefined) ?? 'app-embed';
/** The carousel app block (extensions/popstage/blocks/carousel.liquid). */
export const CAROUSEL_BLOCK_HANDLE = 'carousel';

/** The app's API key, from the meta tag the server writes into every admin document. */
function apiKey(doc: Document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="shopify-api-key"]')?.content ?? '';
}

/** The store's admin: Shopify's, or the local Shopify's pages for the shop (which has no /admin
 * before its theme editor, as its README says). */
function adminBase(kind: HostKind, shopDomain: string, doc: Document) {
  const shop = encodeURIComponent(shopDomain);
  return kind === 'sandbox'
    ? {
        editor: `${localShopifyUrl(doc)}/store/${shop}/themes/current/editor`,
        admin: `${localShopifyUrl(doc)}/store/${shop}/admin`,
      }
    : {
        editor: `https://${shopDomain}/admin/themes/current/editor`,
        admin: `https://${shopDomain}/admin`,
      };
}

export type ThemeEditorTarget = { embed: true } | { block: string; template: 'index' | 'product' };

/**
 * Shopify's theme editor deep links (shopify.dev, theme app extensions, deep linking): the app
 * embed ready to activate (`context=apps&activateAppId=<api_key>/<handle>`), or an app block ready
 * to add in a new Apps section of a template (`addAppBlockId=<api_key>/<handle>&target=
 * newAppsSection`). The local Shopify's editor honours the same links.
 */
export function themeEditorLink(
  kind: HostKind,
  shopDomain: string,
  target: ThemeEditorTarget,
  doc: Document = document,
): string {
  const { editor } = adminBase(kind, shopDomain, doc);
  if ('embed' in target)
    return `${editor}?context=apps&activateAppId=${apiKey(doc)}/${EMBED_HANDLE}`;
  return `${editor}?template=${target.template}&addAppBlockId=${apiKey(doc)}/${target.block}&target=newAppsSection`;
}

/** Where the merchant picks the products the sales channel may sell: the products admin. */
export function productsAdminLink(kind: HostKind, shopDomain: string, doc: Document = document) {
  return `${adminBase(kind, shopDomain, doc).admin}/products`;
}
