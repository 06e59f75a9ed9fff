import { localShopifyUrl } from '../../app/host/detect-host';
import type { HostKind } from '../../app/host/types';

/**
 * The block handle of our theme app embed (extensions/, blocks/<handle>.liquid). The Shop entity
 * does not carry it, so the build may override it (VITE_THEME_EMBED_HANDLE).
 */
const EMBED_HANDLE = (import.meta.env.VITE_THEME_EMBED_HANDLE as string | undefined) ?? 'app-embed';
/** The carousel app block (extensions/popstage/blocks/carousel.liquid). */
const CAROUSEL_BLOCK_HANDLE = 'carousel';

/** The app's API key, from the meta tag the server writes into every admin document. */
function apiKey(doc: Document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="shopify-api-key"]')?.content ?? '';
}

export interface StoreLinks {
  /** Where the merchant switches the app embed on. */
  appEmbed: string;
  /** Where the merchant picks products for the sales channel one by one (the app publishes all). */
  products: string;
  /** Where the merchant adds the carousel block (all Popclips, newest first) to the home page. */
  carouselBlock: string;
}

/**
 * Where the merchant changes the store. In Shopify: the theme editor with our embed ready to
 * activate, and the products admin. In the sandbox: the /sandbox control page's card of this shop,
 * which has the theme's embed switch and the sales-channel publish button.
 */
export function storeLinks(
  kind: HostKind,
  shopDomain: string,
  doc: Document = document,
): StoreLinks {
  if (kind === 'sandbox') {
    const card = `${localShopifyUrl(doc)}#${encodeURIComponent(shopDomain)}`;
    const editor = `${localShopifyUrl(doc)}/store/${encodeURIComponent(shopDomain)}/themes/current/editor`;
    return { appEmbed: card, products: card, carouselBlock: editor };
  }
  const admin = `https://${shopDomain}/admin`;
  const editor = `${admin}/themes/current/editor`;
  return {
    appEmbed: `${editor}?context=apps&activateAppId=${apiKey(doc)}/${EMBED_HANDLE}`,
    products: `${admin}/products`,
    // Shopify's deep link that adds an app block to the home page template.
    carouselBlock: `${editor}?template=index&addAppBlockId=${apiKey(doc)}/${CAROUSEL_BLOCK_HANDLE}&target=newAppsSection`,
  };
}
