import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseGid } from '../store/gid';
import { sandboxCarts } from '../store/schema';
import { DEMO_SHOP, OTHER_SHOP } from '../store/shop-definitions';
import type { PlatformProduct, PlatformVariant, ProductStatus } from '../store/types';
import { useLocalShopify } from '../testing/local-shopify-app';
import { shopperOf } from '../testing/store-shopper';

const t = useLocalShopify({ resetEach: true });

interface Pick {
  product: PlatformProduct;
  variant: PlatformVariant;
  id: number;
}

/** The first variant of a product of that status matching `test`. */
async function variantWhere(
  shop: string,
  status: ProductStatus,
  test: (variant: PlatformVariant) => boolean,
): Promise<Pick> {
  const products = (await t.store.listProducts(shop, { first: 250, status })).nodes;
  for (const product of products) {
    const variant = product.variants.find(test);
    if (variant) return { product, variant, id: parseGid('ProductVariant', variant.id) ?? 0 };
  }
  throw new Error(`no ${status} variant as asked in ${shop}`);
}

const inStock = (shop = DEMO_SHOP) =>
  variantWhere(shop, 'ACTIVE', (v) => v.availableForSale && v.inventoryQuantity >= 5);
const cents = (amount: string) => Math.round(Number(amount) * 100);
const storedCarts = async () => t.db.select().from(sandboxCarts);

describe('cart.js', () => {
  it('answers an empty cart and sets the cart cookie on the store root only', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const response = await shopper.request('GET', '/cart.js');
    expect(response.statusCode).toBe(200);
    const cart = response.json();
    expect(cart).toMatchObject({
      note: null,
      attributes: {},
      item_count: 0,
      items: [],
      total_price: 0,
      currency: 'USD',
    });
    expect(cart.token).toMatch(/^[a-f0-9]{32}$/);
    const cookie = response.cookies.find((c) => c.name === 'cart');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie).toMatchObject({
      value: cart.token,
      path: `/sandbox/store/${DEMO_SHOP}`,
      sameSite: 'Lax',
    });
    // Reading the cart stores nothing.
    expect(await storedCarts()).toEqual([]);
  });
});

describe('cart/add.js', () => {
  it('adds items with properties, merges the same line, splits different properties', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const { product, variant, id } = await inStock();
    const first = await shopper.request('POST', '/cart/add.js', {
      items: [{ id, quantity: 1, properties: { [CLIP_LINE_PROPERTY]: 'clip-1' } }],
    });
    expect(first.statusCode).toBe(200);
    const [line] = first.json().items;
    expect(line).toMatchObject({
      id,
      variant_id: id,
      product_id: parseGid('Product', product.id),
      quantity: 1,
      price: cents(variant.price),
      line_price: cents(variant.price),
      properties: { [CLIP_LINE_PROPERTY]: 'clip-1' },
      handle: product.handle,
      product_title: product.title,
      url: `/sandbox/store/${DEMO_SHOP}/products/${product.handle}?variant=${id}`,
    });
    expect(line.key).toMatch(new RegExp(`^${id}:[a-f0-9]{32}$`));

    const again = await shopper.request('POST', '/cart/add.js', {
      items: [{ id, quantity: 2, properties: { [CLIP_LINE_PROPERTY]: 'clip-1' } }],
    });
    expect(again.json().items[0]).toMatchObject({ quantity: 3, key: line.key });
    await shopper.request('POST', '/cart/add.js', { items: [{ id, quantity: 1 }] });

    const cart = (await shopper.request('GET', '/cart.js')).json();
    expect(cart.item_count).toBe(4);
    expect(cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 3]);
    expect(cart.total_price).toBe(4 * cents(variant.price));
  });

  it('takes one item as top-level fields (answering the line) and as a urlencoded form', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const { id } = await inStock();
    const single = await shopper.request('POST', '/cart/add.js', { id, quantity: 2 });
    expect(single.statusCode).toBe(200);
    expect(single.json()).toMatchObject({ id, quantity: 2, properties: {} });
    expect(single.json().items).toBeUndefined();

    const form = await shopper.request(
      'POST',
      '/cart/add.js',
      `id=${id}&quantity=1&properties%5BEngraving%5D=Hi`,
      true,
    );
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ id, quantity: 1, properties: { Engraving: 'Hi' } });
  });

  it('refuses unknown, foreign, sold-out, draft, archived and over-stock variants with 422', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const soldOut = await variantWhere(DEMO_SHOP, 'ACTIVE', (v) => !v.availableForSale);
    const draft = await variantWhere(DEMO_SHOP, 'DRAFT', () => true);
    const archived = await variantWhere(DEMO_SHOP, 'ARCHIVED', () => true);
    const foreign = await inStock(OTHER_SHOP);
    const limited = await inStock();
    const cases: [number, number, string][] = [
      [999_999_999, 1, 'Cannot find variant'],
      [foreign.id, 1, 'Cannot find variant'],
      [draft.id, 1, 'Cannot find variant'],
      [archived.id, 1, 'Cannot find variant'],
      [soldOut.id, 1, 'is already sold out.'],
      [limited.id, limited.variant.inventoryQuantity + 1, 'You can only add'],
    ];
    for (const [id, quantity, description] of cases) {
      const response = await shopper.request('POST', '/cart/add.js', { items: [{ id, quantity }] });
      expect(response.statusCode, `variant ${id}`).toBe(422);
      expect(response.json()).toMatchObject({ status: 422, message: 'Cart Error' });
      expect(response.json().description).toContain(description);
    }
    expect(
      (await shopper.request('POST', '/cart/add.js', { id: soldOut.id })).json().description,
    ).toBe(
      `The product '${soldOut.product.title} - ${soldOut.variant.title}' is already sold out.`.replace(
        ' - Default Title',
        '',
      ),
    );
    // All or nothing: a good item next to a bad one is not added either.
    const mixed = await shopper.request('POST', '/cart/add.js', {
      items: [{ id: limited.id }, { id: soldOut.id }],
    });
    expect(mixed.statusCode).toBe(422);
    expect(await storedCarts()).toEqual([]);
  });

  it('rejects malformed bodies with a JSON 400 and stores nothing', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const { id } = await inStock();
    for (const body of [
      {},
      { items: [] },
      { items: [{ id: 'abc' }] },
      { items: [{ id, quantity: -1 }] },
      { items: [{ id, quantity: 0 }] },
      { items: [{ id, properties: 'x' }] },
    ]) {
      const response = await shopper.request('POST', '/cart/add.js', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await storedCarts()).toEqual([]);
  });
});

describe('cart/update.js, change.js, clear.js', () => {
  it('sets, keeps and removes cart attributes and the note', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const set = await shopper.request('POST', '/cart/update.js', {
      attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-1', gift: true },
      note: 'Leave at the door',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-1', gift: 'true' },
      note: 'Leave at the door',
      item_count: 0,
    });
    const removed = await shopper.request('POST', '/cart/update.js', { attributes: { gift: '' } });
    expect(removed.json().attributes).toEqual({ [VISITOR_CART_ATTRIBUTE]: 'visitor-1' });
    expect(removed.json().note).toBe('Leave at the door');
  });

  it('updates quantities by variant id or position, adding variants not in the cart', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const a = await inStock();
    const b = await variantWhere(
      DEMO_SHOP,
      'ACTIVE',
      (v) => v.availableForSale && v.inventoryQuantity >= 5 && v.id !== a.variant.id,
    );
    await shopper.request('POST', '/cart/add.js', { items: [{ id: a.id }] });
    const byId = await shopper.request('POST', '/cart/update.js', {
      updates: { [a.id]: 3, [b.id]: 1 },
    });
    expect(byId.statusCode).toBe(200);
    expect(
      byId.json().items.map((i: { id: number; quantity: number }) => [i.id, i.quantity]),
    ).toEqual([
      [b.id, 1],
      [a.id, 3],
    ]);
    const byPosition = await shopper.request('POST', '/cart/update.js', { updates: [0, 2] });
    expect(byPosition.json().items).toEqual([expect.objectContaining({ id: a.id, quantity: 2 })]);
    const tooMany = await shopper.request('POST', '/cart/update.js', {
      updates: { [a.id]: a.variant.inventoryQuantity + 1 },
    });
    expect(tooMany.statusCode).toBe(422);
  });

  it('changes a line by number or key, removes it at 0, refuses an unknown line', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const { id } = await inStock();
    const added = (await shopper.request('POST', '/cart/add.js', { id })).json();
    const byLine = await shopper.request('POST', '/cart/change.js', { line: 1, quantity: 4 });
    expect(byLine.statusCode).toBe(200);
    expect(byLine.json()).toMatchObject({ item_count: 4 });
    const props = await shopper.request('POST', '/cart/change.js', {
      line: 1,
      properties: { Size: 'Gift wrap' },
    });
    expect(props.json().items[0]).toMatchObject({ quantity: 4, properties: { Size: 'Gift wrap' } });
    const unknown = await shopper.request('POST', '/cart/change.js', { line: 2, quantity: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: 400, message: 'Cart Error' });
    expect((await shopper.request('POST', '/cart/change.js', { quantity: 1 })).statusCode).toBe(
      400,
    );
    const key = props.json().items[0].key;
    expect(key).not.toBe(added.key);
    const gone = await shopper.request('POST', '/cart/change.js', { id: key, quantity: 0 });
    expect(gone.json()).toMatchObject({ item_count: 0, items: [] });
  });

  it('clears the lines and keeps attributes and note', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const { id } = await inStock();
    await shopper.request('POST', '/cart/add.js', { id });
    await shopper.request('POST', '/cart/update.js', {
      attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-2' },
      note: 'n',
    });
    const cleared = await shopper.request('POST', '/cart/clear.js');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      item_count: 0,
      items: [],
      attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-2' },
      note: 'n',
    });
  });
});

describe('cart isolation between stores', () => {
  it('never lets a cart token of one store read or change another store’s cart', async () => {
    const demo = shopperOf(t.app, DEMO_SHOP);
    const { id } = await inStock();
    await demo.request('POST', '/cart/add.js', { id, quantity: 2 });
    const demoToken = (await demo.request('GET', '/cart.js')).json().token;

    // The same cookie sent to the other store (a browser would not, the path differs).
    const other = shopperOf(t.app, OTHER_SHOP);
    other.cookie = demo.cookie;
    const seen = await other.request('GET', '/cart.js');
    expect(seen.json()).toMatchObject({ item_count: 0, items: [] });
    expect(seen.json().token).not.toBe(demoToken);
    expect(seen.cookies.find((c) => c.name === 'cart')?.path).toBe(`/sandbox/store/${OTHER_SHOP}`);

    other.cookie = demo.cookie;
    const foreign = await inStock(OTHER_SHOP);
    const added = await other.request('POST', '/cart/add.js', { id: foreign.id });
    expect(added.statusCode).toBe(200);
    other.cookie = demo.cookie;
    await other.request('POST', '/cart/clear.js');

    const [demoCart] = await t.db
      .select()
      .from(sandboxCarts)
      .where(eq(sandboxCarts.token, demoToken));
    expect(demoCart?.shopDomain).toBe(DEMO_SHOP);
    expect(demoCart?.lines).toEqual([expect.objectContaining({ variantId: id, quantity: 2 })]);
    expect((await demo.request('GET', '/cart.js')).json().item_count).toBe(2);
  });

  it('ignores a malformed cart cookie and refuses cross-site posts', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    shopper.cookie = 'cart=../../etc';
    const response = await shopper.request('GET', '/cart.js');
    expect(response.json().token).toMatch(/^[a-f0-9]{32}$/);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/sandbox/store/${DEMO_SHOP}/cart/clear.js`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
