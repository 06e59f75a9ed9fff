import { formatCurrency } from '@popstage/core/format';
import { type Html, html, htmlDocument } from '@popstage/core/html';
import { SHARE_PAGE_TEXTS as T } from '@popstage/core/sharing';
import type { StoredPopclipProduct } from '../../db/schema';
import { videoJsonLd } from './watch-page';

/**
 * The public share page (GET /s/{code}): plain HTML and inline CSS, no script, so that it
 * renders in any browser, in link previews and inside the 400x700 embed iframe.
 */

export interface SharePageModel {
  url: string;
  title: string;
  shopName: string;
  videoUrl: string | null;
  posterUrl: string | null;
  width: number | null;
  height: number | null;
  products: StoredPopclipProduct[];
  durationSeconds: number | null;
  uploadedAt: Date;
  /** The first captions' text, when the clip has captions. */
  transcript: string | null;
}

const CSS = `
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:#111;color:#f5f5f5;font:15px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:480px;margin:0 auto;padding:12px}
.player{position:relative;width:min(100%,calc(78vh * 9 / 16));aspect-ratio:9/16;margin:0 auto;background:#000;border-radius:12px;overflow:hidden}
.player video,.player img{width:100%;height:100%;object-fit:contain;display:block;background:#000}
.pending{display:flex;align-items:center;justify-content:center;height:100%;padding:24px;text-align:center;color:#bbb}
h1{font-size:17px;margin:12px 2px 4px;overflow-wrap:anywhere}
.shop{margin:0 2px 10px;color:#aaa;font-size:13px}
ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:minmax(0,1fr);gap:8px}
li a{display:flex;gap:10px;align-items:center;padding:8px;border-radius:10px;background:#1e1e1e;color:inherit;text-decoration:none;min-width:0}
.text{flex:1;min-width:0}
li a:hover,li a:focus{background:#2a2a2a}
li img,li .noimg{width:56px;height:56px;border-radius:8px;object-fit:cover;flex:none;background:#333}
.name{display:block;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.price{display:block;color:#ccc;font-size:13px}
.cta{margin-left:auto;flex:none;white-space:nowrap;padding:6px 10px;border-radius:999px;background:#f5f5f5;color:#111;font-size:13px;font-weight:600}
.missing{min-height:60vh;display:flex;flex-direction:column;justify-content:center;text-align:center}
`;

/** Headers of both pages: framable by anyone (the embed), nothing but images, media and CSS. */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  'img-src https: http: data:',
  'media-src https: http: blob:',
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

function document(head: Html, body: Html): string {
  return htmlDocument({ head, css: CSS, body });
}

function price(product: StoredPopclipProduct): string {
  try {
    return formatCurrency(product.amount, product.currencyCode);
  } catch {
    return `${product.amount} ${product.currencyCode}`;
  }
}

/** Only web links leave the page. */
function safeHref(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null;
}

function productItem(product: StoredPopclipProduct): Html {
  const href = safeHref(product.shopifyProductUrl);
  const image = product.defaultImage
    ? html`<img src="${product.defaultImage}" alt="${product.title}" loading="lazy" width="56" height="56">`
    : html`<span class="noimg"></span>`;
  const inner = html`${image}<span class="text"><span class="name">${product.title}</span><span class="price">${price(product)}</span></span><span class="cta">${T.shopNow}</span>`;
  return href
    ? html`<li><a href="${href}" target="_blank" rel="noopener">${inner}</a></li>`
    : html`<li><a>${inner}</a></li>`;
}

export function renderSharePage(model: SharePageModel): string {
  const description =
    model.products.length > 0
      ? `Shop ${model.products.map((product) => product.title).join(', ')} from ${model.shopName}.`
      : `A Popclip from ${model.shopName}.`;
  const head = html`<title>${model.title} · ${model.shopName}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="${model.url}">
<meta property="og:type" content="video.other">
<meta property="og:site_name" content="${model.shopName}">
<meta property="og:title" content="${model.title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${model.url}">
${model.posterUrl ? html`<meta property="og:image" content="${model.posterUrl}">` : ''}
${
  model.videoUrl
    ? html`<meta property="og:video" content="${model.videoUrl}">
<meta property="og:video:secure_url" content="${model.videoUrl}">
<meta property="og:video:type" content="video/mp4">
${model.width ? html`<meta property="og:video:width" content="${model.width}">` : ''}
${model.height ? html`<meta property="og:video:height" content="${model.height}">` : ''}`
    : ''
}
${videoJsonLd({ ...model, description })}
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${model.title}">
<meta name="twitter:description" content="${description}">
${model.posterUrl ? html`<meta name="twitter:image" content="${model.posterUrl}">` : ''}`;
  const player = model.videoUrl
    ? html`<video src="${model.videoUrl}" ${model.posterUrl ? html`poster="${model.posterUrl}"` : ''} playsinline controls preload="metadata"><a href="${model.videoUrl}">${model.title}</a></video>`
    : html`<div class="pending">This Popclip is still being prepared. Please check back soon.</div>`;
  const body = html`<main>
<div class="player">${player}</div>
<h1>${model.title}</h1>
<p class="shop">${model.shopName}</p>
${model.products.length > 0 ? html`<ul>${model.products.map(productItem)}</ul>` : ''}
</main>`;
  return document(head, body);
}

export function renderNotFoundPage(): string {
  return document(
    html`<title>${T.notFound}</title><meta name="robots" content="noindex">`,
    html`<main class="missing"><h1>${T.notFound}</h1><p class="shop">${T.notFoundDetail}</p></main>`,
  );
}
