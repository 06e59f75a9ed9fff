import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import type { FastifyInstance } from 'fastify';
import { parseGid } from '../store/gid';
import type { SandboxStore } from '../store/store';
import type { PlatformVariant } from '../store/types';

/**
 * A shopper's browser on one sandbox store: requests carry the `cart` cookie the store last set,
 * as a browser would on that path.
 */
export function shopperOf(app: FastifyInstance, shop: string) {
  const root = `/sandbox/store/${shop}`;
  let cookie: string | null = null;
  return {
    shop,
    root,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | null) {
      cookie = value;
    },
    async request(method: 'GET' | 'POST', path: string, payload?: unknown, form = false) {
      const response = await app.inject({
        method,
        url: `${root}${path}`,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as string | object }),
      });
      const set = response.cookies.find((c) => c.name === 'cart');
      if (set) cookie = `cart=${set.value}`;
      return response;
    },
  };
}

export type StoreShopper = ReturnType<typeof shopperOf>;

/** Two different in-stock variants (3 or more) of the shop's active products. */
export async function twoVariants(store: SandboxStore, shop: string) {
  const products = (await store.listProducts(shop, { first: 100, status: 'ACTIVE' })).nodes;
  const found: { productId: number; variant: PlatformVariant; id: number; title: string }[] = [];
  for (const product of products) {
    const variant = product.variants.find((v) => v.availableForSale && v.inventoryQuantity >= 3);
    if (!variant) continue;
    found.push({
      productId: parseGid('Product', product.id) ?? 0,
      variant,
      id: parseGid('ProductVariant', variant.id) ?? 0,
      title: product.title,
    });
    if (found.length === 2) break;
  }
  const [a, b] = found;
  if (!a || !b) throw new Error('not enough products in stock');
  return [a, b] as const;
}

/**
 * A cart a shopper fills from Popstage: 2 of one variant added from clip `clip-a`, 1 of another,
 * and the visitor id `visitor-9` as a cart attribute. Answers the two variants.
 */
export async function fillCart(store: SandboxStore, shopper: StoreShopper) {
  const [a, b] = await twoVariants(store, shopper.shop);
  await shopper.request('POST', '/cart/add.js', {
    items: [{ id: a.id, quantity: 2, properties: { [CLIP_LINE_PROPERTY]: 'clip-a' } }],
  });
  await shopper.request('POST', '/cart/add.js', { items: [{ id: b.id, quantity: 1 }] });
  await shopper.request('POST', '/cart/update.js', {
    attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-9' },
  });
  return [a, b] as const;
}
