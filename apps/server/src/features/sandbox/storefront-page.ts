import type { MenuItem, PlatformMenu, PlatformProduct, PlatformShop } from '../../platform/port';
import { Html, html, page } from './html';

/**
 * The sandbox shop's storefront (its primary domain), so storefront links from the admin open
 * something real offline. Deliberately plain: the widget, not this page, is what is under test.
 */

export interface StorefrontView {
  shop: PlatformShop;
  menu: PlatformMenu | null;
  footer: PlatformMenu | null;
  embedEnabled: boolean;
}

export function renderStorefront(view: StorefrontView, title: string, content: Html): string {
  const root = view.shop.primaryDomainUrl;
  return page(
    `${title} – ${view.shop.name}`,
    CSS,
    html`<header class="bar">
  <a class="brand" href="${root}">${view.shop.name}</a>
  <nav>${(view.menu?.items ?? []).map((item) => menuLink(root, item))}</nav>
</header>
<main>${content}</main>
<footer class="bar"><nav>${(view.footer?.items ?? []).map((item) => menuLink(root, item))}</nav></footer>
${
  // Where the theme app embed block would load the Popstage widget in a real theme.
  view.embedEnabled
    ? html`<script src="/storefront/v1/widget.js" data-shop="${view.shop.domain}" defer></script>`
    : ''
}`,
  );
}

function menuLink(root: string, item: MenuItem): Html {
  return html`<a href="${root}${item.url === '/' ? '' : item.url}">${item.title}</a>`;
}

export function productGrid(root: string, products: PlatformProduct[]): Html {
  if (products.length === 0) return html`<p class="muted">No products here yet.</p>`;
  return html`<ul class="grid">${products.map(
    (product) => html`<li><a href="${root}/products/${product.handle}">
  <img src="${product.images[0]?.url ?? ''}" alt="${product.images[0]?.altText ?? ''}" loading="lazy" width="400" height="400">
  <span class="title">${product.title}</span>
  <span class="price">$${product.priceRange.min}${product.totalInventory === 0 ? html` <em>Sold out</em>` : ''}</span>
</a></li>`,
  )}</ul>`;
}

export function productDetail(product: PlatformProduct): Html {
  return html`<article class="product">
  <div class="gallery">${product.images.map((image) => html`<img src="${image.url}" alt="${image.altText}" width="400" height="400">`)}</div>
  <div>
    <h1>${product.title}</h1>
    <p class="price">$${product.priceRange.min}${product.priceRange.max === product.priceRange.min ? '' : ` – $${product.priceRange.max}`}</p>
    <p>${product.description}</p>
    <ul class="variants">${product.variants.map(
      (variant) =>
        html`<li>${variant.title} · $${variant.price}${variant.availableForSale ? '' : ' · sold out'}</li>`,
    )}</ul>
  </div>
</article>`;
}

/** Page bodies are the store's own HTML (as in Shopify themes), e.g. the live page's mount point. */
export function pageBody(title: string, body: string): Html {
  return html`<article class="page"><h1>${title}</h1>${new Html(body)}</article>`;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 Georgia,"Times New Roman",serif;color:#1f1f1f;background:#fffdf8}
.bar{display:flex;gap:24px;align-items:center;padding:16px 32px;border-bottom:1px solid #eee}
footer.bar{border-top:1px solid #eee;border-bottom:0;margin-top:48px}
.brand{font-size:22px;font-weight:700;color:inherit;text-decoration:none}
nav{display:flex;flex-wrap:wrap;gap:16px}nav a{color:#444}
main{max-width:1100px;margin:0 auto;padding:24px 32px}
.grid{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:24px}
.grid a{color:inherit;text-decoration:none;display:flex;flex-direction:column;gap:6px}
.grid img,.gallery img{width:100%;height:auto;border-radius:6px;background:#eee}
.title{font-weight:600}.price{color:#555}.muted{color:#777}em{color:#b42318;font-style:normal}
.product{display:grid;grid-template-columns:1fr 1fr;gap:32px}.gallery{display:grid;gap:12px}
`;
