import type { PlatformProduct } from '../store/types';
import { badge, html, page } from '../web/html';
import { CSS } from '../web/styles';

export interface ProductsAdminInput {
  shop: string;
  shopName: string;
  products: PlatformProduct[];
  channelConnected: boolean;
  /** How many products the last save included, shown once. */
  included: number | null;
}

/** Products with their Popstage availability; active ones not yet included can be picked. */
export function productsAdminPage(input: ProductsAdminInput): string {
  const { shop, shopName, products, channelConnected, included } = input;
  const rows = products.map((product) => {
    const numericId = product.id.split('/').pop() ?? '';
    const pickable =
      channelConnected && product.status === 'ACTIVE' && !product.publishedToSalesChannel;
    const label = `Include ${product.title}`;
    return html`<tr>
  <td>${
    pickable
      ? html`<input type="checkbox" name="${`product_${numericId}`}" aria-label="${label}">`
      : html``
  }</td>
  <td>${product.title}</td>
  <td>${product.status.toLowerCase()}</td>
  <td>${badge(product.publishedToSalesChannel, product.publishedToSalesChannel ? 'Included' : 'Not included')}</td>
</tr>`;
  });
  const notice =
    included === null
      ? html``
      : html`<p class="notice" role="status">${included === 1 ? '1 product included' : `${included} products included`} in the Popstage sales channel.</p>`;
  const body = html`<main class="products-admin">
<h1>Products · ${shopName}</h1>
<p class="muted">Pick the products the Popstage sales channel may sell, then include them. ${shop}</p>
${notice}
${channelConnected ? html`` : html`<p class="notice">The Popstage sales channel is not connected on this store yet: open the app once (it connects the channel on its first load).</p>`}
<form method="post" action="products/sales-channel">
<table>
<thead><tr><th scope="col"><span class="visually-hidden">Pick</span></th><th scope="col">Product</th><th scope="col">Status</th><th scope="col">Popstage</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p><button type="submit"${channelConnected ? '' : ' disabled'}>Include in Popstage</button></p>
</form>
</main>`;
  return page(`Products · ${shopName}`, `${CSS}${STYLE}`, body);
}

const STYLE = `
.products-admin{max-width:900px;margin:0 auto;padding:16px}
.products-admin table{width:100%;border-collapse:collapse;background:#fff;border-radius:12px}
.products-admin th,.products-admin td{text-align:left;padding:8px 12px;border-bottom:1px solid #e3e3e3}
.products-admin .notice{background:#eaf4ff;padding:8px 12px;border-radius:8px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;
