import type { SandboxContext } from '../context';
import { badge, type Html, html } from '../web/html';
import { requireSandboxShop } from './service';

/**
 * The shop's Shopify plan as the control page switches it: a partner development store (the
 * app's charges there are test charges) or a live store on a paid plan (real charges).
 */

export async function setStorePlan(
  ctx: Pick<SandboxContext, 'store'>,
  domain: string,
  development: boolean,
): Promise<void> {
  await requireSandboxShop(ctx, domain);
  await ctx.store.setPartnerDevelopment(domain, development);
}

export function storePlanSection(shop: { domain: string; partnerDevelopment: boolean }): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  const development = shop.partnerDevelopment;
  return html`<h3>Store plan</h3>
  <form class="row" method="post" action="${base}/store-plan">
    <span>${badge(development, development ? 'Development store' : 'Live store')}<br><small class="muted">${
      development
        ? 'A partner development store: the app’s charges are test charges, no money is taken.'
        : 'A store on a paid plan: the app’s charges bill real money (unless the app forces test charges).'
    }</small></span>
    <input type="hidden" name="development" value="${String(!development)}">
    <button type="submit">${development ? 'Make a live store' : 'Make a development store'}</button>
  </form>`;
}
