import { VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import { parseGid, shopperOf } from '@popstage/shopify-sandbox/testing';
import type { TestApp } from './app';

/** The first active product of the shop's sandbox store with a variant for sale, and that variant. */
export async function productForSale(t: TestApp, shop: string) {
  const products = (await t.deps.platform.listProducts(shop, { first: 50, status: 'ACTIVE' }))
    .nodes;
  const product = products.find((p) => p.variants.some((v) => v.availableForSale));
  const variant = product?.variants.find((v) => v.availableForSale);
  if (!product || !variant) throw new Error('no product for sale');
  return { product, variant };
}

/** A shopper, visitor `visitorId` by the cart attribute, buys one of the variant at the checkout. */
export async function sandboxCheckout(
  t: TestApp,
  shop: string,
  visitorId: string,
  variantGid: string,
): Promise<void> {
  const shopper = shopperOf(t.app, shop);
  await shopper.request('POST', '/cart/update.js', {
    attributes: { [VISITOR_CART_ATTRIBUTE]: visitorId },
  });
  await shopper.request('POST', '/cart/add.js', { id: parseGid('ProductVariant', variantGid) });
  await shopper.request('POST', '/checkout');
}
