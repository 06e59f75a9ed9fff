import { createHash } from 'node:crypto';
import type { CartStore, SandboxProductRow } from '../store/cart-store';
import { toCents } from '../store/catalogue-generator';
import { parseGid } from '../store/gid';
import { imageUrl } from '../store/images';
import type { SandboxCartLine } from '../store/schema';
import type { PlatformVariant } from '../store/types';
import { HttpError } from '../web/http-error';

/**
 * The sandbox store's cart, with the rules of Shopify's AJAX cart: only active products' variants
 * that are in stock can be added, never more than the stock; the same variant with the same
 * properties is one line; a quantity of 0 removes the line; attributes set to '' are removed.
 */

/** Shopify refuses carts past this many lines; a line id of an order stays below orderId × 1000. */
export const MAX_CART_LINES = 250;
export const MAX_LINE_QUANTITY = 9999;

export interface CartContext {
  store: CartStore;
  shop: string;
  currency: string;
  token: string;
  /** The app's public URL, for product image URLs. */
  baseUrl: string;
  now: Date;
}

/** A cart line with the product data the cart JSON and pages show (the product may be gone). */
export interface CartLineView extends SandboxCartLine {
  key: string;
  handle: string | null;
  productTitle: string;
  variantTitle: string | null;
  sku: string;
  vendor: string;
  productType: string;
  description: string;
  image: { url: string; altText: string } | null;
}

export interface CartView {
  token: string;
  note: string | null;
  attributes: Record<string, string>;
  lines: CartLineView[];
  currency: string;
  /** When the stored cart last changed; null when nothing is stored yet. */
  updatedAt: Date | null;
}

export interface CartItemInput {
  /** Numeric variant id. */
  id: number;
  quantity: number;
  properties: Record<string, string>;
}

/** Shopify's AJAX cart error body: `{ status, message: 'Cart Error', description }`. */
export function cartError(status: number, description: string): HttpError {
  return new HttpError(status, 'Cart Error', { status, description });
}

/** Shopify's line key: the variant id and a digest of the properties. */
export function lineKey(line: Pick<SandboxCartLine, 'variantId' | 'properties'>): string {
  const sorted = Object.entries(line.properties).sort(([a], [b]) => (a < b ? -1 : 1));
  const digest = createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 32);
  return `${line.variantId}:${digest}`;
}

/** 'Linen Shirt - M', or the product title alone for a product's only ('Default Title') variant. */
export function lineName(productTitle: string, variant: Pick<PlatformVariant, 'title'>): string {
  return variant.title === 'Default Title' ? productTitle : `${productTitle} - ${variant.title}`;
}

export function lineTotalCents(line: Pick<SandboxCartLine, 'price' | 'quantity'>): number {
  return toCents(line.price) * line.quantity;
}

export function cartTotalCents(lines: Pick<SandboxCartLine, 'price' | 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

export const itemCount = (lines: Pick<SandboxCartLine, 'quantity'>[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

const variantOf = (product: SandboxProductRow, variantId: number) =>
  product.variants.find((variant) => parseGid('ProductVariant', variant.id) === variantId);

/**
 * The variant of an active product with at least `quantity` in stock, or the 422 Shopify answers.
 * Draft and archived products are not on the storefront, so their variants "cannot be found".
 */
export function sellableVariant(
  product: SandboxProductRow | null,
  variantId: number,
  quantity: number,
): { product: SandboxProductRow; variant: PlatformVariant } {
  const variant = product && product.status === 'ACTIVE' ? variantOf(product, variantId) : null;
  if (!product || !variant) throw cartError(422, 'Cannot find variant');
  const name = lineName(product.title, variant);
  if (!variant.availableForSale || variant.inventoryQuantity <= 0) {
    throw cartError(422, `The product '${name}' is already sold out.`);
  }
  if (quantity > variant.inventoryQuantity) {
    throw cartError(422, `You can only add ${variant.inventoryQuantity} ${name} to the cart.`);
  }
  return { product, variant };
}

async function loadLines(ctx: CartContext): Promise<{
  lines: SandboxCartLine[];
  attributes: Record<string, string>;
  note: string | null;
  updatedAt: Date | null;
}> {
  const cart = await ctx.store.findCart(ctx.shop, ctx.token);
  return cart
    ? { lines: cart.lines, attributes: cart.attributes, note: cart.note, updatedAt: cart.updatedAt }
    : { lines: [], attributes: {}, note: null, updatedAt: null };
}

async function viewOf(
  ctx: CartContext,
  stored: Omit<CartView, 'lines' | 'token' | 'currency'> & { lines: SandboxCartLine[] },
): Promise<CartView> {
  const products = await ctx.store.findProducts(ctx.shop, [
    ...new Set(stored.lines.map((line) => line.productId)),
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  return {
    token: ctx.token,
    note: stored.note,
    attributes: stored.attributes,
    currency: ctx.currency,
    updatedAt: stored.updatedAt,
    lines: stored.lines.map((line) => {
      const product = byId.get(line.productId);
      const variant = product ? variantOf(product, line.variantId) : undefined;
      const image = product?.images[0];
      return {
        ...line,
        key: lineKey(line),
        handle: product?.handle ?? null,
        productTitle: product?.title ?? line.title,
        variantTitle: variant && variant.title !== 'Default Title' ? variant.title : null,
        sku: variant?.sku ?? '',
        vendor: product?.vendor ?? '',
        productType: product?.productType ?? '',
        description: product?.description ?? '',
        image: image ? { url: imageUrl(ctx.baseUrl, image.name), altText: image.altText } : null,
      };
    }),
  };
}

export async function readCart(ctx: CartContext): Promise<CartView> {
  return viewOf(ctx, await loadLines(ctx));
}

async function save(
  ctx: CartContext,
  next: { lines: SandboxCartLine[]; attributes: Record<string, string>; note: string | null },
): Promise<CartView> {
  const row = await ctx.store.saveCart(
    { token: ctx.token, shopDomain: ctx.shop, ...next },
    ctx.now,
  );
  return viewOf(ctx, row);
}

const sameLine = (a: SandboxCartLine, b: Pick<SandboxCartLine, 'variantId' | 'properties'>) =>
  lineKey(a) === lineKey(b);

/** Adds the items (all or none); answers the added lines with their new quantities. */
export async function addItems(ctx: CartContext, items: CartItemInput[]): Promise<CartLineView[]> {
  const cart = await loadLines(ctx);
  const lines = [...cart.lines];
  const touched: SandboxCartLine[] = [];
  for (const item of items) {
    const existing = lines.find((line) => sameLine(line, { variantId: item.id, ...item }));
    const inCart = lines
      .filter((line) => line.variantId === item.id)
      .reduce((sum, line) => sum + line.quantity, 0);
    const { product, variant } = sellableVariant(
      await ctx.store.findVariantProduct(ctx.shop, item.id),
      item.id,
      inCart + item.quantity,
    );
    if (existing) {
      existing.quantity += item.quantity;
      existing.price = variant.price;
      touched.push(existing);
      continue;
    }
    if (lines.length >= MAX_CART_LINES) throw cartError(422, 'The cart is full.');
    const line: SandboxCartLine = {
      variantId: item.id,
      productId: product.id,
      quantity: item.quantity,
      price: variant.price,
      title: lineName(product.title, variant),
      properties: item.properties,
    };
    // Shopify lists the newest line first.
    lines.unshift(line);
    touched.push(line);
  }
  const view = await save(ctx, { ...cart, lines });
  const keys = new Set(touched.map(lineKey));
  return view.lines.filter((line) => keys.has(line.key));
}

/** Sets one line's quantity (0 removes it) and optionally its properties, by 1-based line or id. */
export async function changeLine(
  ctx: CartContext,
  change: { line?: number; id?: string; quantity?: number; properties?: Record<string, string> },
): Promise<CartView> {
  const cart = await loadLines(ctx);
  const index =
    change.line !== undefined
      ? change.line - 1
      : cart.lines.findIndex(
          (line) => lineKey(line) === change.id || String(line.variantId) === change.id,
        );
  const line = cart.lines[index];
  if (!line) throw cartError(400, 'no valid id or line parameter');
  const quantity = change.quantity ?? line.quantity;
  const lines = cart.lines.flatMap((current, i) => {
    if (i !== index) return [current];
    if (quantity === 0) return [];
    return [{ ...current, quantity, properties: change.properties ?? current.properties }];
  });
  if (quantity > line.quantity) await checkStock(ctx, lines, line.variantId);
  return save(ctx, { ...cart, lines });
}

/**
 * Quantities by variant id or line key (or by position when an array), cart attributes (a blank
 * value removes one) and the note. A variant id not in the cart is added, as Shopify does.
 */
export async function updateCart(
  ctx: CartContext,
  update: {
    updates?: Record<string, number> | number[];
    attributes?: Record<string, string>;
    note?: string | null;
  },
): Promise<CartView> {
  const cart = await loadLines(ctx);
  let lines = [...cart.lines];
  const entries = Array.isArray(update.updates)
    ? update.updates.map((quantity, i) => [lineKey(lines[i] ?? missingLine()), quantity] as const)
    : Object.entries(update.updates ?? {});
  const increased = new Set<number>();
  for (const [id, quantity] of entries) {
    const matches = lines.filter((line) => lineKey(line) === id || String(line.variantId) === id);
    if (matches.length > 0) {
      for (const line of matches) if (quantity > line.quantity) increased.add(line.variantId);
      lines = lines.flatMap((line) =>
        matches.includes(line) ? (quantity === 0 ? [] : [{ ...line, quantity }]) : [line],
      );
      continue;
    }
    const variantId = Number(id);
    if (quantity === 0) continue;
    if (!Number.isSafeInteger(variantId)) throw cartError(422, 'Cannot find variant');
    const { product, variant } = sellableVariant(
      await ctx.store.findVariantProduct(ctx.shop, variantId),
      variantId,
      quantity,
    );
    lines.unshift({
      variantId,
      productId: product.id,
      quantity,
      price: variant.price,
      title: lineName(product.title, variant),
      properties: {},
    });
  }
  // Only what grew is checked: attributes or a smaller quantity never fail on a sold-out line.
  for (const variantId of increased) await checkStock(ctx, lines, variantId);
  if (lines.length > MAX_CART_LINES) throw cartError(422, 'The cart is full.');
  const attributes = { ...cart.attributes };
  for (const [name, value] of Object.entries(update.attributes ?? {})) {
    if (value === '') delete attributes[name];
    else attributes[name] = value;
  }
  const note = update.note === undefined ? cart.note : update.note || null;
  return save(ctx, { lines, attributes, note });
}

/** Empties the lines; attributes and note stay, as in Shopify. */
export async function clearCart(ctx: CartContext): Promise<CartView> {
  const cart = await loadLines(ctx);
  return save(ctx, { ...cart, lines: [] });
}

function missingLine(): never {
  throw cartError(400, 'no valid id or line parameter');
}

/** The variant's lines together must stay within its stock. */
async function checkStock(ctx: CartContext, lines: SandboxCartLine[], variantId: number) {
  const wanted = lines
    .filter((line) => line.variantId === variantId)
    .reduce((sum, line) => sum + line.quantity, 0);
  if (wanted === 0) return;
  sellableVariant(await ctx.store.findVariantProduct(ctx.shop, variantId), variantId, wanted);
}
