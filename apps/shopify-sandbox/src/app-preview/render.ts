import { hexColour, textOn } from '@popstage/core/colour';
import type { MobileMenuItem, publicMobileConfigSchema } from '@popstage/core/mobile';
import type { StorefrontFeed } from '@popstage/core/storefront';
import type { z } from 'zod';
import { type Html, html, page } from '../web/html';
import { pushBannerCss } from './push-device';

type Config = z.infer<typeof publicMobileConfigSchema>;
export const PREVIEW_SCREENS = [
  'home',
  'menu',
  'product',
  'popclips',
  'collection',
  'popclip',
  'live',
] as const;
export type PreviewScreen = (typeof PREVIEW_SCREENS)[number];
/** Products the home screen shows of the featured collection (the app scrolls to the rest). */
const HOME_PRODUCTS = 12;

const css = (primary: string, secondary: string, font: string | null) => `
  body { margin: 0; background: #e3e3e3; font-family: ${font && font !== 'Default' ? `${font}, ` : ''}system-ui, sans-serif; }
  .device { width: 375px; min-height: 100vh; margin: 0 auto; background: #fff; display: flex; flex-direction: column; }
  header { background: ${primary}; color: ${secondary}; padding: 14px 16px; display: flex; gap: 8px; align-items: center; font-weight: 600; }
  header img { height: 28px; max-width: 140px; }
  main { flex: 1; padding: 12px; }
  .strip { border-radius: 8px; padding: 10px 12px; margin-bottom: 10px; }
  .strip strong { display: block; }
  .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  .card img, .ph { width: 100%; height: 150px; object-fit: cover; border-radius: 6px; background: #f1f1f1; display: block; }
  .card { font-size: 13px; }
  .muted { color: #6b6b6b; }
  nav.tabs { display: flex; justify-content: space-around; border-top: 1px solid #ddd; position: sticky; bottom: 0; background: #fff; }
  nav.tabs a { padding: 12px 4px; color: ${primary}; text-decoration: none; font-size: 13px; }
  nav.tabs a[aria-current="page"] { font-weight: 700; }
  ul.menu { list-style: none; margin: 0; padding: 0; }
  ul.menu li { padding: 12px 4px; border-bottom: 1px solid #eee; }
  ul.menu ul { list-style: none; padding-left: 14px; font-size: 13px; }
  .buy { background: ${primary}; color: ${secondary}; text-align: center; padding: 12px; border-radius: 8px; font-weight: 600; }
  h2 { font-size: 16px; margin: 14px 0 8px; }
`;

function menuList(items: MobileMenuItem[]): Html {
  return html`<ul class="menu">${items.map(
    (item) => html`<li>${item.title}${item.items.length > 0 ? menuList(item.items) : html``}</li>`,
  )}</ul>`;
}

/** What a deep link opened (a notification's route): it replaces the screen's own content. */
export interface RoutedContent {
  product?: { title: string; imageUrl: string | null; price: string; currencyCode: string } | null;
  collection?: { title: string; products: { title: string; imageUrl: string | null }[] } | null;
  clip?: StorefrontFeed['clips'][number] | null;
}

/** The branded app as a phone shows it, rendered from the public config (and the clip feed). */
export function renderPreview(
  shop: string,
  config: Config,
  screen: PreviewScreen,
  feed: StorefrontFeed | null,
  extra: { routed: RoutedContent; device: Html | null; appUrl?: string } = {
    routed: {},
    device: null,
  },
): string {
  const look = config.config;
  const primary = hexColour(look.primaryColor, '#000000');
  const secondary = hexColour(look.secondaryColor, '#ffffff');
  const products = config.featuredCollection?.products ?? [];
  const base = `/sandbox/shops/${encodeURIComponent(shop)}/app-preview`;
  const strip = (
    background: string | null,
    title: string | null,
    text: string | null,
    fallback: string,
  ) => {
    if (!title) return html``;
    const colour = hexColour(background, fallback);
    return html`<div class="strip" style="background:${colour};color:${textOn(colour)}"><strong>${title}</strong>${text ?? ''}</div>`;
  };
  const body = {
    home: html`${strip(look.liveBannerColor, look.liveBannerTitle, look.liveBannerText, '#d72c0d')}
      ${strip(look.bannerColor, look.bannerTitle, look.bannerText, primary)}
      <h2>${config.featuredCollection?.title ?? 'Featured collection'}</h2>
      <div class="grid">${products
        .slice(0, HOME_PRODUCTS)
        .map(
          (product) =>
            html`<div class="card">${
              product.imageUrl
                ? html`<img src="${product.imageUrl}" alt="">`
                : html`<div class="ph"></div>`
            }<div>${product.title}</div><div class="muted">${product.price} ${product.currencyCode}</div></div>`,
        )}</div>`,
    menu: html`<h2>${config.menus.main?.title ?? 'Menu'}</h2>${menuList(config.menus.main?.items ?? [])}
      ${config.menus.shop ? html`<h2>${config.menus.shop.title}</h2>${menuList(config.menus.shop.items)}` : html``}
      ${config.menus.customLinks ? html`<h2>${config.menus.customLinks.title}</h2>${menuList(config.menus.customLinks.items)}` : html``}`,
    product: extra.routed.product
      ? html`${extra.routed.product.imageUrl ? html`<img class="ph" style="height:300px" src="${extra.routed.product.imageUrl}" alt="">` : html`<div class="ph"></div>`}
        <h2>${extra.routed.product.title}</h2><p>${extra.routed.product.price} ${extra.routed.product.currencyCode}</p><div class="buy">Add to cart</div>`
      : extra.routed.product === null
        ? html`<p class="muted">No such product.</p>`
        : products[0]
          ? html`${products[0].imageUrl ? html`<img class="ph" style="height:300px" src="${products[0].imageUrl}" alt="">` : html`<div class="ph"></div>`}
        <h2>${products[0].title}</h2><p>${products[0].price} ${products[0].currencyCode}</p>
        ${look.showInventoryLimit ? html`<p class="muted">Stock shown when ${look.showInventoryLimit} or fewer are left</p>` : html``}
        <div class="buy">Add to cart</div>`
          : html`<p class="muted">The featured collection has no products.</p>`,
    popclips:
      feed && feed.clips.length > 0
        ? html`<div class="grid">${feed.clips.map(
            (clip) =>
              html`<div class="card">${
                clip.posterUrl
                  ? html`<img src="${clip.posterUrl}" alt="">`
                  : html`<div class="ph"></div>`
              }<div>${clip.title}</div></div>`,
          )}</div>`
        : html`<p class="muted">No Popclips yet.</p>`,
    collection: extra.routed.collection
      ? html`<h2>${extra.routed.collection.title}</h2><div class="grid">${extra.routed.collection.products.map(
          (product) =>
            html`<div class="card">${product.imageUrl ? html`<img src="${product.imageUrl}" alt="">` : html`<div class="ph"></div>`}<div>${product.title}</div></div>`,
        )}</div>`
      : html`<p class="muted">No such collection.</p>`,
    popclip: extra.routed.clip
      ? html`<div data-popclip="${extra.routed.clip.id}">${
          extra.routed.clip.videoUrl
            ? html`<video class="clip" src="${extra.routed.clip.videoUrl}" poster="${extra.routed.clip.posterUrl ?? ''}" controls autoplay muted playsinline></video>`
            : html`<div class="ph"></div>`
        }<h2>${extra.routed.clip.title}</h2>${extra.routed.clip.products.map(
          (product) =>
            html`<p>${product.title} <span class="muted">${product.price} ${product.currencyCode}</span></p>`,
        )}</div>`
      : html`<p class="muted">This Popclip is no longer available.</p>`,
    // The app's own live player (the storefront's, hls.js where there is no native HLS), as a
    // real app's web view of the show would load it; its cart is the shop's storefront cart.
    live: extra.appUrl
      ? html`<div data-popstage-live aria-label="Live show"></div>
        <script data-root="/sandbox/store/${shop}/">window.Shopify = window.Shopify || { routes: { root: document.currentScript.dataset.root } };</script>
        <script src="${extra.appUrl.replace(/\/+$/, '')}/storefront/v1/live.js" data-shop="${shop}" async></script>`
      : html`<p class="muted">No live show right now.</p>`,
  }[screen];
  const tab = (name: PreviewScreen, label: string) =>
    html`<a href="${base}?screen=${name}"${screen === name ? html` aria-current="page"` : html``}>${label}</a>`;
  return page(
    `${config.appName ?? config.shop.name} — app preview`,
    css(primary, secondary, look.customFont) + pushBannerCss,
    html`<div class="device" data-app-preview>
      <header>${look.headerLogoUrl ? html`<img src="${look.headerLogoUrl}" alt="">` : html``}<span>${config.appName ?? config.shop.name}</span></header>
      <main>${body}</main>
      <nav class="tabs">${tab('home', 'Home')}${tab('menu', 'Menu')}${tab('product', 'Product')}${tab('popclips', 'Popclips')}${tab('live', 'Live')}</nav>
      ${extra.device ?? html``}
    </div>`,
    html`<meta name="viewport" content="width=device-width, initial-scale=1">`,
  );
}
