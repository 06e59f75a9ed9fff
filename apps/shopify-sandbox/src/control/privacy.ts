import type { SandboxContext } from '../context';
import type { SandboxOrder } from '../store/cart-store';
import { HttpError } from '../web/http-error';
import type { WebhookDelivery } from '../webhooks/delivery';
import { requireSandboxShop } from './service';

/**
 * Shopify's mandatory privacy webhooks, sent when a merchant acts on a customer's request (or, for
 * shop/redact, 48 hours after an uninstall; the sandbox sends it on demand once uninstalled).
 * The sandbox's shoppers are guests, so a customer is named by the orders they placed.
 * https://shopify.dev/docs/apps/build/compliance/privacy-law-compliance
 */

export const PRIVACY_REQUESTS = ['customers/data_request', 'customers/redact'] as const;
export type PrivacyRequest = (typeof PRIVACY_REQUESTS)[number];

/** The sandbox's shops all have Shopify shop id 1, as the Admin API's `shop.id` says. */
const SHOP_ID = 1;

/** '#1001, 1002 #1003' → ['#1001', '#1002', '#1003']. */
export function parseOrderNames(text: string): string[] {
  const numbers = text.match(/\d{1,9}/g) ?? [];
  return [...new Set(numbers.map((number) => `#${Number(number)}`))];
}

async function ordersNamed(ctx: SandboxContext, shop: string, names: string[]) {
  const orders = await ctx.store.carts.findOrdersByName(shop, names);
  const missing = names.filter((name) => !orders.some((order) => order.name === name));
  if (names.length === 0 || missing.length > 0) {
    throw new HttpError(
      404,
      names.length === 0
        ? 'Name at least one order (#1001)'
        : `No order ${missing.join(', ')} in ${shop}`,
    );
  }
  return orders;
}

const customerOf = (orders: SandboxOrder[]) => ({
  id: null,
  email: null,
  phone: null,
  // Guest checkouts: what ties the orders to one shopper is the cart they came from.
  cart_tokens: [...new Set(orders.map((order) => order.cartToken))],
});

export async function sendPrivacyRequest(
  ctx: SandboxContext,
  shop: string,
  request: PrivacyRequest,
  orderNames: string[],
): Promise<WebhookDelivery | null> {
  await requireSandboxShop(ctx, shop);
  const orders = await ordersNamed(ctx, shop, orderNames);
  const ids = orders.map((order) => order.id);
  const common = { shop_id: SHOP_ID, shop_domain: shop, customer: customerOf(orders) };
  return ctx.webhooks.send(
    request,
    shop,
    request === 'customers/data_request'
      ? { ...common, orders_requested: ids, data_request: { id: Date.now() } }
      : { ...common, orders_to_redact: ids },
  );
}

/** shop/redact: only once the app is uninstalled, as Shopify sends it 48 hours after. */
export async function sendShopRedact(ctx: SandboxContext, shop: string) {
  await requireSandboxShop(ctx, shop);
  if (await ctx.tokens.installed(shop)) {
    throw new HttpError(
      409,
      `Popstage is still installed on ${shop}: shop/redact follows an uninstall`,
    );
  }
  return ctx.webhooks.send('shop/redact', shop, { shop_id: SHOP_ID, shop_domain: shop });
}
