import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import { toGid } from './gid';
import {
  type SandboxCartLine,
  sandboxCarts,
  sandboxOrders,
  sandboxProducts,
  sandboxShops,
} from './schema';

/**
 * The sandbox storefront's carts and orders (Shopify keeps both on its side; so does the sandbox).
 * Every query names the shop: a cart token or order id of another shop finds nothing here.
 */

export type SandboxCart = typeof sandboxCarts.$inferSelect;
export type SandboxOrder = typeof sandboxOrders.$inferSelect;
export type SandboxProductRow = typeof sandboxProducts.$inferSelect;

/** The first order of a shop is #1001, as in Shopify. */
const FIRST_ORDER_NUMBER = 1001;

export function createCartStore(db: Db) {
  return {
    async findCart(shop: string, token: string): Promise<SandboxCart | null> {
      const [row] = await db
        .select()
        .from(sandboxCarts)
        .where(and(eq(sandboxCarts.token, token), eq(sandboxCarts.shopDomain, shop)));
      return row ?? null;
    },

    /** True when the token names a cart of another shop (the caller then issues a new one). */
    async tokenTakenElsewhere(shop: string, token: string): Promise<boolean> {
      const [row] = await db
        .select({ shopDomain: sandboxCarts.shopDomain })
        .from(sandboxCarts)
        .where(eq(sandboxCarts.token, token));
      return row !== undefined && row.shopDomain !== shop;
    },

    /** Creates or replaces the shop's cart; never overwrites another shop's cart with that token. */
    async saveCart(cart: Omit<SandboxCart, 'updatedAt'>, now: Date): Promise<SandboxCart> {
      const [row] = await db
        .insert(sandboxCarts)
        .values({ ...cart, updatedAt: now })
        .onConflictDoUpdate({
          target: sandboxCarts.token,
          set: { lines: cart.lines, attributes: cart.attributes, note: cart.note, updatedAt: now },
          setWhere: eq(sandboxCarts.shopDomain, cart.shopDomain),
        })
        .returning();
      if (!row) throw new StoreError('conflict', 'This cart belongs to another store');
      return row;
    },

    /** The shop's product holding this variant (numeric id), whatever its status. */
    async findVariantProduct(shop: string, variantId: number): Promise<SandboxProductRow | null> {
      const holds = JSON.stringify([{ id: toGid('ProductVariant', variantId) }]);
      const [row] = await db
        .select()
        .from(sandboxProducts)
        .where(
          and(
            eq(sandboxProducts.shopDomain, shop),
            sql`${sandboxProducts.variants} @> ${holds}::jsonb`,
          ),
        );
      return row ?? null;
    },

    async findProducts(shop: string, ids: number[]): Promise<SandboxProductRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(sandboxProducts)
        .where(and(eq(sandboxProducts.shopDomain, shop), inArray(sandboxProducts.id, ids)));
    },

    /**
     * Turns the cart into the shop's next order in one transaction. The cart is consumed only if
     * it is unchanged since `seenAt` (null when it changed or is gone), so a double submit or a
     * change made meanwhile in another tab cannot place an order the shopper did not see.
     */
    async placeOrder(
      input: {
        shop: string;
        token: string;
        seenAt: Date;
        lines: SandboxCartLine[];
        currency: string;
        totalPrice: string;
      },
      now: Date,
    ): Promise<SandboxOrder | null> {
      return db.transaction(async (tx) => {
        // One checkout at a time per shop, so order names count up without gaps or clashes.
        await tx
          .select({ domain: sandboxShops.domain })
          .from(sandboxShops)
          .where(eq(sandboxShops.domain, input.shop))
          .for('update');
        const [consumed] = await tx
          .delete(sandboxCarts)
          .where(
            and(
              eq(sandboxCarts.token, input.token),
              eq(sandboxCarts.shopDomain, input.shop),
              eq(sandboxCarts.updatedAt, input.seenAt),
            ),
          )
          .returning();
        if (!consumed) return null;
        const [last] = await tx
          .select({
            number: sql<number | null>`max(substring(${sandboxOrders.name} from 2)::int)`,
          })
          .from(sandboxOrders)
          .where(eq(sandboxOrders.shopDomain, input.shop));
        const number = Math.max(Number(last?.number ?? 0) + 1, FIRST_ORDER_NUMBER);
        const [order] = await tx
          .insert(sandboxOrders)
          .values({
            shopDomain: input.shop,
            name: `#${number}`,
            lines: input.lines,
            attributes: consumed.attributes,
            currency: input.currency,
            totalPrice: input.totalPrice,
            cartToken: input.token,
            createdAt: now,
          })
          .returning();
        if (!order) throw new Error('order insert returned nothing');
        return order;
      });
    },

    async findOrder(shop: string, id: number): Promise<SandboxOrder | null> {
      const [row] = await db
        .select()
        .from(sandboxOrders)
        .where(and(eq(sandboxOrders.id, id), eq(sandboxOrders.shopDomain, shop)));
      return row ?? null;
    },

    /** The shop's newest orders, newest first. */
    async latestOrders(shop: string, limit: number): Promise<SandboxOrder[]> {
      return db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.shopDomain, shop))
        .orderBy(desc(sandboxOrders.id))
        .limit(limit);
    },

    /** The shop's orders with these names ('#1001'); names it does not have are left out. */
    async findOrdersByName(shop: string, names: string[]): Promise<SandboxOrder[]> {
      if (names.length === 0) return [];
      return db
        .select()
        .from(sandboxOrders)
        .where(and(eq(sandboxOrders.shopDomain, shop), inArray(sandboxOrders.name, names)));
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
