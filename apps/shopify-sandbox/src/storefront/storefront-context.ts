import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { requireSandboxShop } from '../control/service';
import type { PlatformProduct, PlatformShop } from '../store/types';
import { renderAppBlocks, type StorefrontTemplate } from './storefront-app-blocks';
import { type CartContext, itemCount } from './storefront-cart';
import { type StorefrontView, storeRootPath } from './storefront-page';

/**
 * What every sandbox store request needs: the shop and the shopper's cart, found by the `cart`
 * cookie as on Shopify (readable by theme scripts, SameSite=Lax, scoped to this store's root so another sandbox
 * store never sees it). A token that names another store's cart is replaced, never reused.
 */

export const CART_COOKIE = 'cart';
const TOKEN = /^[a-f0-9]{32}$/;
/** Shopify keeps an idle cart for 14 days. */
const CART_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

export interface StoreContext {
  shop: PlatformShop;
  /** The store's absolute root URL (its primary domain). */
  root: string;
  /** The root's path, where the cart cookie lives ('/sandbox/store/<domain>'). */
  rootPath: string;
  cart: CartContext;
}

export type StoreDeps = Pick<SandboxContext, 'store' | 'theme' | 'baseUrl' | 'now'>;

export async function storeContext(
  deps: StoreDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  domain: string,
): Promise<StoreContext> {
  const carts = deps.store.carts;
  const shop = await requireSandboxShop(deps, domain);
  const rootPath = storeRootPath(shop);
  const current = request.cookies[CART_COOKIE];
  const usable =
    current !== undefined &&
    TOKEN.test(current) &&
    !(await carts.tokenTakenElsewhere(domain, current));
  const token = usable ? current : issueCartToken(reply, rootPath, deps.baseUrl);
  return {
    shop,
    root: shop.primaryDomainUrl,
    rootPath,
    cart: {
      store: carts,
      shop: domain,
      currency: shop.currency,
      token,
      baseUrl: deps.baseUrl,
      now: deps.now(),
    },
  };
}

/** A new cart token in the cookie (first visit, or a fresh cart after checkout). */
export function issueCartToken(reply: FastifyReply, rootPath: string, appUrl: string): string {
  const token = randomBytes(16).toString('hex');
  reply.setCookie(CART_COOKIE, token, {
    path: rootPath,
    // Not HttpOnly, as Shopify's: theme scripts (and the widget) read it to tell carts apart.
    httpOnly: false,
    sameSite: 'lax',
    secure: appUrl.startsWith('https:'),
    maxAge: CART_MAX_AGE_SECONDS,
  });
  return token;
}

/**
 * The theme's frame around a page: menus, the header's cart count, and what the app puts on the
 * page's template (its embed and app blocks, rendered from the extension's Liquid).
 */
export async function storefrontView(
  store: StoreDeps,
  ctx: StoreContext,
  template: StorefrontTemplate,
  product?: PlatformProduct,
): Promise<StorefrontView> {
  const [menu, footer, cart, appBlocks, consentRequired] = await Promise.all([
    store.store.getMenu(ctx.shop.domain, 'main-menu'),
    store.store.getMenu(ctx.shop.domain, 'footer'),
    ctx.cart.store.findCart(ctx.shop.domain, ctx.cart.token),
    renderAppBlocks(store.theme, store.store, ctx.shop, template, product),
    store.store.consentRequired(ctx.shop.domain),
  ]);
  return {
    shop: ctx.shop,
    menu,
    footer,
    appBlocks,
    cartCount: cart ? itemCount(cart.lines) : 0,
    consentRequired,
  };
}
