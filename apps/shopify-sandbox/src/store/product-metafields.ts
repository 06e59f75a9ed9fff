import { and, eq, sql } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import { parseGid } from './gid';
import { sandboxProducts } from './schema';
import { CLIP_COUNT_METAFIELD, type ProductClipCount } from './types';

const KEY = `${CLIP_COUNT_METAFIELD.namespace}.${CLIP_COUNT_METAFIELD.key}`;

/** Product metafields of the sandbox store, on the product rows (a store reset clears them). */
export function createSandboxProductMetafields(db: Db) {
  return {
    /** Like metafieldsSet: all or nothing, every product the shop's, integer values. */
    async setProductClipCounts(shop: string, counts: ProductClipCount[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const { productId, count } of counts) {
          const id = parseGid('Product', productId);
          if (!Number.isSafeInteger(count)) {
            throw new StoreError(
              'refused',
              `${count} is not a valid number_integer metafield value`,
            );
          }
          const entry = JSON.stringify({
            [KEY]: { type: CLIP_COUNT_METAFIELD.type, value: String(count) },
          });
          // A jsonb merge: the product's other metafields stay.
          const updated =
            id === null
              ? []
              : await tx
                  .update(sandboxProducts)
                  .set({
                    metafields: sql`${sandboxProducts.metafields} || ${entry}::jsonb` as never,
                  })
                  .where(and(eq(sandboxProducts.shopDomain, shop), eq(sandboxProducts.id, id)))
                  .returning({ id: sandboxProducts.id });
          if (updated.length === 0)
            throw new StoreError('refused', `Owner ${productId} does not exist`);
        }
      });
    },

    /** What the product block's `product.metafields['$app'].clip_count.value` reads; 0 unset. */
    async productClipCount(shop: string, productId: string): Promise<number> {
      const id = parseGid('Product', productId);
      if (id === null) return 0;
      const [row] = await db
        .select({ metafields: sandboxProducts.metafields })
        .from(sandboxProducts)
        .where(and(eq(sandboxProducts.shopDomain, shop), eq(sandboxProducts.id, id)));
      const value = Number(row?.metafields[KEY]?.value ?? 0);
      return Number.isSafeInteger(value) ? value : 0;
    },
  };
}
