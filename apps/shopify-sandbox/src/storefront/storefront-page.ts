import type { MenuItem, PlatformMenu, PlatformProduct, PlatformShop } from '../store/types';
import type { RenderedAppPage } from '../theme/render-app-blocks';
import { Html, html, page } from '../web/html';

/**
 * The sandbox shop's storefront (its primary domain), so storefront links from the admin open
 * something real offline, and a merchant can shop their own clips: browse, add to cart, check out.
 * Deliberately plain: the widget, not this page, is what is under test.
 */

export interface StorefrontView {
  shop: PlatformShop;
  menu: PlatformMenu | null;
  footer: PlatformMenu | null;
  /** The app's embed and the template's app blocks, rendered from the extension's Liquid. */
  appBlocks: RenderedAppPage;
  /** Items in the shopper's cart, for the header's cart link. */
  cartCount: number;
  /** Shoppers must consent to analytics first: the theme shows Shopify's consent banner. */
  consentRequired: boolean;
}

/** The store root's path ('/sandbox/store/<domain>'), which Shopify themes call routes.root. */
export const storeRootPath = (shop: PlatformShop): string =>
  new URL(shop.primaryDomainUrl).pathname;

/** JSON inside an inline <script>: '<' escaped so no value can close the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

export function renderStorefront(
  view: StorefrontView,
  title: string,
  content: Html,
  options: { widget?: boolean } = {},
): string {
  const root = view.shop.primaryDomainUrl;
  // Shopify themes define window.Shopify (shop, locale-aware routes.root) before any app script.
  const shopify = { shop: view.shop.domain, routes: { root: `${storeRootPath(view.shop)}/` } };
  return page(
    `${title} – ${view.shop.name}`,
    CSS,
    html`<header class="bar">
  <a class="brand" href="${root}">${view.shop.name}</a>
  <nav>${(view.menu?.items ?? []).map((item) => menuLink(root, item))}</nav>
  <a class="cart-link" href="${root}/cart">Cart (<span id="cart-count">${view.cartCount}</span>)</a>
</header>
${view.consentRequired ? CONSENT_BANNER : ''}
<main>${content}</main>
<footer class="bar"><nav>${(view.footer?.items ?? []).map((item) => menuLink(root, item))}</nav></footer>
<script>${new Html(customerPrivacyScript(view.consentRequired, storeRootPath(view.shop)))}
// The theme's cart count follows adds made by apps (the widget announces them).
document.addEventListener('popstage:cart-added', function () {
  fetch(window.Shopify.routes.root + 'cart.js').then(function (r) { return r.json(); })
    .then(function (cart) { document.getElementById('cart-count').textContent = cart.item_count; });
});</script>
${
  // The app's body embeds before </body>, its head embeds before </head>, as Shopify puts them.
  options.widget !== false ? new Html(view.appBlocks.bodyEnd) : ''
}`,
    // In the head, before the app's head embeds, as Shopify's content_for_header puts it.
    html`<script>window.Shopify = ${new Html(scriptJson(shopify))};</script>${
      options.widget !== false ? new Html(view.appBlocks.head) : html``
    }`,
  );
}

/** Shopify's cookie banner, as a theme shows it where the region requires consent. */
const CONSENT_BANNER = html`<div id="consent-banner" class="consent" role="region" aria-label="Cookie consent" hidden>
  <p>This store uses cookies to understand what shoppers watch and buy.</p>
  <button type="button" data-consent="yes">Accept</button> <button type="button" data-consent="no">Decline</button>
</div>`;

/**
 * What the local Shopify offers of the Customer Privacy API: Shopify.loadFeatures loads
 * Shopify.customerPrivacy, whose analyticsProcessingAllowed() is true unless consent is required
 * and not given; the banner's choice is kept in the _tracking_consent cookie and announced with
 * visitorConsentCollected. https://shopify.dev/docs/api/customer-privacy
 */
function customerPrivacyScript(required: boolean, rootPath: string): string {
  return `(function () {
  var required = ${required ? 'true' : 'false'};
  function decided() {
    var m = /(?:^|;\\s*)_tracking_consent=(yes|no)/.exec(document.cookie);
    return m ? m[1] : null;
  }
  var privacy = {
    analyticsProcessingAllowed: function () { return !required || decided() === 'yes'; },
    setTrackingConsent: function (consent, done) {
      var yes = !!consent.analytics;
      document.cookie = '_tracking_consent=' + (yes ? 'yes' : 'no') + '; path=${rootPath}; max-age=31536000; samesite=lax';
      document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { analyticsAllowed: yes } }));
      if (done) done({});
    }
  };
  window.Shopify.loadFeatures = function (features, done) {
    window.Shopify.customerPrivacy = privacy;
    setTimeout(function () { done(); }, 0);
  };
  document.addEventListener('DOMContentLoaded', function () {
    var banner = document.getElementById('consent-banner');
    if (!banner || decided() !== null) return;
    banner.hidden = false;
    banner.addEventListener('click', function (event) {
      var button = event.target.closest('button[data-consent]');
      if (!button) return;
      privacy.setTrackingConsent({ analytics: button.getAttribute('data-consent') === 'yes' });
      banner.hidden = true;
    });
  });
})();`;
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

/** The template's app blocks in their order, where the theme's app block section sits. */
export function appBlockSection(view: StorefrontView): Html {
  return new Html(view.appBlocks.blocks.map((block) => block.html).join('\n'));
}

/**
 * A product page: the theme's add-to-cart form (posting to /cart/add as Shopify's product form
 * does), then the product template's app blocks (the Popstage product block, where placed).
 */
export function productDetail(product: PlatformProduct, root: string, blocks: Html): Html {
  const forSale = product.variants.filter((variant) => variant.availableForSale);
  return html`<article class="product">
  <div class="gallery">${product.images.map((image) => html`<img src="${image.url}" alt="${image.altText}" width="400" height="400">`)}</div>
  <div>
    <h1>${product.title}</h1>
    <p class="price">$${product.priceRange.min}${product.priceRange.max === product.priceRange.min ? '' : ` – $${product.priceRange.max}`}</p>
    <p>${product.description}</p>
    ${
      forSale.length === 0
        ? html`<p><em>Sold out</em></p>`
        : html`<form class="buy" method="post" action="${root}/cart/add">
      <label>Option <select name="id">${forSale.map(
        (variant) =>
          html`<option value="${variant.id.slice(variant.id.lastIndexOf('/') + 1)}">${variant.title} · $${variant.price}</option>`,
      )}</select></label>
      <label>Quantity <input type="number" name="quantity" value="1" min="1" max="99"></label>
      <button type="submit">Add to cart</button>
    </form>`
    }
    <ul class="variants">${product.variants.map(
      (variant) =>
        html`<li>${variant.title} · $${variant.price}${variant.availableForSale ? '' : ' · sold out'}</li>`,
    )}</ul>
  </div>
</article>
${blocks}`;
}

/** Page bodies are the store's own HTML (as in Shopify themes), e.g. the live page's mount point. */
export function pageBody(title: string, body: string): Html {
  return html`<article class="page"><h1>${title}</h1>${new Html(body)}</article>`;
}

const CSS = `
*{box-sizing:border-box}
.consent{position:fixed;left:16px;right:16px;bottom:16px;z-index:10;background:#1f1f1f;color:#fff;padding:12px 16px;border-radius:8px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.consent[hidden]{display:none}
.consent p{margin:0;flex:1 1 240px}
body{margin:0;font:15px/1.5 Georgia,"Times New Roman",serif;color:#1f1f1f;background:#fffdf8}
.bar{display:flex;gap:24px;align-items:center;padding:16px 32px;border-bottom:1px solid #eee}
footer.bar{border-top:1px solid #eee;border-bottom:0;margin-top:48px}
.brand{font-size:22px;font-weight:700;color:inherit;text-decoration:none}
nav{display:flex;flex-wrap:wrap;gap:16px}nav a{color:#444}
.cart-link{margin-left:auto;color:inherit;font-weight:600;white-space:nowrap}
main{max-width:1100px;margin:0 auto;padding:24px 32px}
.grid{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:24px}
.grid a{color:inherit;text-decoration:none;display:flex;flex-direction:column;gap:6px}
.grid img,.gallery img{width:100%;height:auto;border-radius:6px;background:#eee}
.title{font-weight:600}.price{color:#555}.muted{color:#777}em{color:#b42318;font-style:normal}
.product{display:grid;grid-template-columns:1fr 1fr;gap:32px}.gallery{display:grid;gap:12px}
.popstage-product{max-width:1100px;margin:32px auto 0}
form.buy,form.inline{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
button,.button{font:inherit;padding:8px 18px;border:1px solid #1f1f1f;border-radius:4px;background:#1f1f1f;color:#fff;cursor:pointer;text-decoration:none}
button.plain{background:none;color:#1f1f1f;border-color:#bbb}
input[type=number]{width:4.5em;font:inherit;padding:6px}select{font:inherit;padding:6px}
.notice{padding:12px 16px;border-radius:6px;background:#fef3f2;border:1px solid #fecdca;color:#b42318}
.notice.ok{background:#ecfdf3;border-color:#abefc6;color:#067647}
table.lines{width:100%;border-collapse:collapse;margin:16px 0}
table.lines th,table.lines td{padding:10px 8px;border-bottom:1px solid #eee;text-align:left;vertical-align:middle}
table.lines td.num,table.lines th.num{text-align:right}
table.lines img{width:64px;height:64px;border-radius:4px;background:#eee}
table.lines td.thumb{width:80px}.qty{display:flex;gap:8px;align-items:center;white-space:nowrap}
code{font-size:13px;color:#555}
.totals{display:flex;justify-content:flex-end;align-items:center;gap:24px;margin-top:16px}
.panel{margin:32px 0;padding:16px 20px;border:1px solid #e4e4e4;border-radius:8px;background:#fff}
.panel h2{margin-top:0}
.kind{display:inline-block;padding:1px 8px;border-radius:10px;background:#eef4ff;color:#3538cd;font-size:13px}
`;
