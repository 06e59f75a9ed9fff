import { and, asc, count, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createSandboxAppDataMetafields } from './app-data-metafields';
import { createSandboxAppInstallation } from './app-installation';
import { createSandboxAppMetafields } from './app-metafields';
import { createSandboxBilling } from './billing';
import { createCartStore } from './cart-store';
import { fromCents, generateStore, toCents } from './catalogue-generator';
import type { StoreDb as Db } from './database';
import { createSandboxDomains, primaryDomainUrls, toSandboxDomain } from './domains';
import { StoreError } from './errors';
import { decodeCursor, encodeCursor, parseGid, toGid } from './gid';
import { imageUrl } from './images';
import { applyProductEdit } from './product-edits';
import { createSandboxProductMetafields } from './product-metafields';
import {
  sandboxCollectionProducts,
  sandboxCollections,
  sandboxDomains,
  sandboxMenus,
  sandboxPages,
  sandboxProducts,
  sandboxShops,
  sandboxThemes,
} from './schema';
import { replaceStore, writeStoreIfAbsent } from './seed-writer';
import { findShopDefinition, SANDBOX_SHOPS, storefrontUrl } from './shop-definitions';
import { createSandboxShopPlan } from './shop-plan';
import type { SandboxStore } from './store';
import type {
  Connection,
  PlatformCollection,
  PlatformPage,
  PlatformProduct,
  PlatformShop,
  ProductStatus,
} from './types';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 250;

type ProductRow = typeof sandboxProducts.$inferSelect;

/** A collection's columns, with how many products it holds. */
const collectionColumns = {
  id: sandboxCollections.id,
  title: sandboxCollections.title,
  handle: sandboxCollections.handle,
  productsCount: sql<number>`(select count(*)::int from ${sandboxCollectionProducts} where ${sandboxCollectionProducts.collectionId} = ${sandboxCollections.id})`,
};

const toCollection = (row: {
  id: number;
  title: string;
  handle: string;
  productsCount: number;
}): PlatformCollection => ({
  id: toGid('Collection', row.id),
  title: row.title,
  handle: row.handle,
  productsCount: Number(row.productsCount),
});
type ShopRow = typeof sandboxShops.$inferSelect;

/**
 * The offline store platform on the app's own database. Every query is filtered by the shop
 * domain first: a shop never sees, counts or changes another shop's rows, whatever ids it passes.
 */
export function createSandboxStore(db: Db, options: { baseUrl: string }): SandboxStore {
  const { baseUrl } = options;

  /** `primaryUrl`: the domain the merchant made primary; this origin's storefront otherwise. */
  const toShop = (row: ShopRow, primaryUrl?: string): PlatformShop => ({
    domain: row.domain,
    name: row.name,
    ownerName: row.ownerName,
    email: row.email,
    primaryDomainUrl: primaryUrl ?? storefrontUrl(baseUrl, row.domain),
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  });

  const toProduct = (row: ProductRow, currencyCode: string): PlatformProduct => {
    const prices = row.variants.map((variant) => toCents(variant.price));
    return {
      id: toGid('Product', row.id),
      title: row.title,
      handle: row.handle,
      description: row.description,
      vendor: row.vendor,
      productType: row.productType,
      tags: row.tags,
      status: row.status,
      publishedToSalesChannel: row.publishedToSalesChannel,
      totalInventory: row.variants.reduce((sum, variant) => sum + variant.inventoryQuantity, 0),
      priceRange: {
        min: fromCents(Math.min(...prices)),
        max: fromCents(Math.max(...prices)),
        currencyCode,
      },
      variants: row.variants,
      images: row.images.map((image) => ({
        url: imageUrl(baseUrl, image.name),
        altText: image.altText,
      })),
      createdAt: row.createdAt.toISOString(),
    };
  };

  const findShopRow = async (shop: string) => {
    const [row] = await db.select().from(sandboxShops).where(eq(sandboxShops.domain, shop));
    return row;
  };

  const requireShopRow = async (shop: string) => {
    const row = await findShopRow(shop);
    if (!row) throw new StoreError('not_found', `Shop ${shop} is not a sandbox shop`);
    return row;
  };

  /** A yes/no setting of the shop: false for a shop the store does not know, which it refuses to set. */
  const shopSetting = (column: 'consentRequired' | 'protectedCustomerData') => ({
    get: async (shop: string) => (await findShopRow(shop))?.[column] ?? false,
    set: async (shop: string, value: boolean) => {
      await requireShopRow(shop);
      await db
        .update(sandboxShops)
        .set({ [column]: value })
        .where(eq(sandboxShops.domain, shop));
    },
  });
  const consent = shopSetting('consentRequired');
  const protectedData = shopSetting('protectedCustomerData');

  const pageOf = <T>(rows: T[], first: number, idOf: (row: T) => number): Connection<T> => {
    const nodes = rows.slice(0, first);
    const last = nodes.at(-1);
    return {
      nodes,
      pageInfo: {
        hasNextPage: rows.length > first,
        endCursor: last ? encodeCursor(idOf(last)) : null,
      },
    };
  };

  const toPage = (row: typeof sandboxPages.$inferSelect): PlatformPage => ({
    id: toGid('Page', row.id),
    title: row.title,
    handle: row.handle,
    body: row.body,
    url: `${storefrontUrl(baseUrl, row.shopDomain)}/pages/${row.handle}`,
  });

  return {
    kind: 'sandbox',
    carts: createCartStore(db),
    ...createSandboxBilling(db, baseUrl),
    ...createSandboxAppMetafields(db),
    ...createSandboxAppDataMetafields(db),
    ...createSandboxProductMetafields(db),
    ...createSandboxAppInstallation(db),
    ...createSandboxShopPlan(db),
    ...createSandboxDomains(db),

    async getShop(shop) {
      // One query: the Admin API asks for the shop on every request.
      const [found] = await db
        .select({ shop: sandboxShops, primary: sandboxDomains })
        .from(sandboxShops)
        .leftJoin(
          sandboxDomains,
          and(eq(sandboxDomains.shopDomain, sandboxShops.domain), eq(sandboxDomains.primary, true)),
        )
        .where(eq(sandboxShops.domain, shop));
      if (!found) return null;
      return toShop(found.shop, found.primary ? toSandboxDomain(found.primary).url : undefined);
    },

    async listProducts(shop, listOptions = {}) {
      const first = pageSize(listOptions.first);
      const filters: (SQL | undefined)[] = [
        eq(sandboxProducts.shopDomain, shop),
        afterCursor(sandboxProducts.id, listOptions.after),
        textFilter(listOptions.query, [sandboxProducts.title, sandboxProducts.handle]),
      ];
      if (listOptions.status) filters.push(eq(sandboxProducts.status, listOptions.status));
      if (listOptions.publishedOnly) {
        filters.push(eq(sandboxProducts.publishedToSalesChannel, true));
      }
      if (listOptions.collectionId !== undefined) {
        const collectionId = parseGid('Collection', listOptions.collectionId);
        if (collectionId === null)
          return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
        filters.push(
          inArray(
            sandboxProducts.id,
            db
              .select({ id: sandboxCollectionProducts.productId })
              .from(sandboxCollectionProducts)
              .where(
                and(
                  eq(sandboxCollectionProducts.collectionId, collectionId),
                  eq(sandboxCollectionProducts.shopDomain, shop),
                ),
              ),
          ),
        );
      }
      const [shopRow, rows] = await Promise.all([
        findShopRow(shop),
        db
          .select()
          .from(sandboxProducts)
          .where(and(...filters))
          .orderBy(asc(sandboxProducts.id))
          .limit(first + 1),
      ]);
      const currency = shopRow?.currency ?? 'USD';
      const page = pageOf(rows, first, (row) => row.id);
      return { nodes: page.nodes.map((row) => toProduct(row, currency)), pageInfo: page.pageInfo };
    },

    async getProducts(shop, ids) {
      const wanted = ids.map((id) => parseGid('Product', id)).filter((id) => id !== null);
      if (wanted.length === 0) return [];
      const [shopRow, rows] = await Promise.all([
        findShopRow(shop),
        db
          .select()
          .from(sandboxProducts)
          .where(and(eq(sandboxProducts.shopDomain, shop), inArray(sandboxProducts.id, wanted))),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const currency = shopRow?.currency ?? 'USD';
      // Shopify's nodes(ids:) answers in the order asked; unknown or foreign ids are dropped.
      return [...new Set(wanted)]
        .map((id) => byId.get(id))
        .filter((row) => row !== undefined)
        .map((row) => toProduct(row, currency));
    },

    async productsInCollection(shop, collectionId, productIds) {
      const collection = parseGid('Collection', collectionId);
      const wanted = productIds.map((id) => parseGid('Product', id)).filter((id) => id !== null);
      if (collection === null || wanted.length === 0) return [];
      const rows = await db
        .select({ id: sandboxCollectionProducts.productId })
        .from(sandboxCollectionProducts)
        .where(
          and(
            eq(sandboxCollectionProducts.shopDomain, shop),
            eq(sandboxCollectionProducts.collectionId, collection),
            inArray(sandboxCollectionProducts.productId, wanted),
          ),
        );
      const inside = new Set(rows.map((row) => row.id));
      return productIds.filter((id) => inside.has(parseGid('Product', id) ?? -1));
    },

    async listCollections(shop, listOptions = {}) {
      const first = pageSize(listOptions.first);
      const rows = await db
        .select(collectionColumns)
        .from(sandboxCollections)
        .where(
          and(
            eq(sandboxCollections.shopDomain, shop),
            afterCursor(sandboxCollections.id, listOptions.after),
            textFilter(listOptions.query, [sandboxCollections.title, sandboxCollections.handle]),
          ),
        )
        .orderBy(asc(sandboxCollections.id))
        .limit(first + 1);
      const page = pageOf(rows, first, (row) => row.id);
      return { nodes: page.nodes.map(toCollection), pageInfo: page.pageInfo };
    },

    async getCollection(shop, id) {
      const wanted = parseGid('Collection', id);
      if (wanted === null) return null;
      const [row] = await db
        .select(collectionColumns)
        .from(sandboxCollections)
        .where(and(eq(sandboxCollections.shopDomain, shop), eq(sandboxCollections.id, wanted)));
      return row ? toCollection(row) : null;
    },

    async countPublishedProducts(shop) {
      const [row] = await db
        .select({ value: count() })
        .from(sandboxProducts)
        .where(
          and(
            eq(sandboxProducts.shopDomain, shop),
            eq(sandboxProducts.publishedToSalesChannel, true),
          ),
        );
      return row?.value ?? 0;
    },

    async publishProducts(shop, ids) {
      const filters = [
        eq(sandboxProducts.shopDomain, shop),
        eq(sandboxProducts.status, 'ACTIVE' satisfies ProductStatus),
        eq(sandboxProducts.publishedToSalesChannel, false),
      ];
      if (ids !== undefined) {
        const wanted = ids.map((id) => parseGid('Product', id)).filter((id) => id !== null);
        if (wanted.length === 0) return 0;
        filters.push(inArray(sandboxProducts.id, wanted));
      }
      const changed = await db
        .update(sandboxProducts)
        .set({ publishedToSalesChannel: true })
        .where(and(...filters))
        .returning({ id: sandboxProducts.id });
      return changed.length;
    },

    async getMenu(shop, handle) {
      const [row] = await db
        .select()
        .from(sandboxMenus)
        .where(and(eq(sandboxMenus.shopDomain, shop), eq(sandboxMenus.handle, handle)));
      return row
        ? { id: toGid('Menu', row.id), handle: row.handle, title: row.title, items: row.items }
        : null;
    },

    async listMenus(shop) {
      const rows = await db
        .select()
        .from(sandboxMenus)
        .where(eq(sandboxMenus.shopDomain, shop))
        .orderBy(asc(sandboxMenus.id));
      return rows.map((row) => ({
        id: toGid('Menu', row.id),
        handle: row.handle,
        title: row.title,
        items: row.items,
      }));
    },

    async isAppEmbedEnabled(shop) {
      const [row] = await db
        .select({ enabled: sandboxThemes.appEmbedEnabled })
        .from(sandboxThemes)
        .where(and(eq(sandboxThemes.shopDomain, shop), eq(sandboxThemes.role, 'MAIN')));
      return row?.enabled ?? false;
    },

    async findPage(shop, handle) {
      const [row] = await db
        .select()
        .from(sandboxPages)
        .where(and(eq(sandboxPages.shopDomain, shop), eq(sandboxPages.handle, handle)));
      return row ? toPage(row) : null;
    },

    async createPage(shop, page) {
      await requireShopRow(shop);
      const [row] = await db
        .insert(sandboxPages)
        .values({ shopDomain: shop, title: page.title, handle: page.handle, body: page.body })
        .onConflictDoNothing()
        .returning();
      // Shopify answers a taken handle with a user error rather than renaming the page.
      if (!row)
        throw new StoreError('conflict', `A page with handle ${page.handle} already exists`);
      return toPage(row);
    },

    async seed() {
      for (const def of SANDBOX_SHOPS) await writeStoreIfAbsent(db, generateStore(def));
    },

    async listShops() {
      const rows = await db.select().from(sandboxShops).orderBy(asc(sandboxShops.createdAt));
      const primary = await primaryDomainUrls(
        db,
        rows.map((row) => row.domain),
      );
      return rows.map((row) => toShop(row, primary.get(row.domain)));
    },

    async resetShop(shop) {
      const def = findShopDefinition(shop);
      if (!def) throw new StoreError('not_found', `Shop ${shop} is not a sandbox shop`);
      await replaceStore(db, generateStore(def));
    },

    async editProduct(shop, handle, edit) {
      const row = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(sandboxProducts)
          .where(and(eq(sandboxProducts.shopDomain, shop), eq(sandboxProducts.handle, handle)))
          .for('update');
        if (!current) return undefined;
        const [updated] = await tx
          .update(sandboxProducts)
          .set(applyProductEdit(current, edit))
          .where(and(eq(sandboxProducts.shopDomain, shop), eq(sandboxProducts.id, current.id)))
          .returning();
        return updated;
      });
      if (!row) return null;
      const shopRow = await findShopRow(shop);
      return toProduct(row, shopRow?.currency ?? 'USD');
    },

    consentRequired: consent.get,
    setConsentRequired: consent.set,
    protectedCustomerData: protectedData.get,
    setProtectedCustomerData: protectedData.set,

    async setAppEmbed(shop, enabled) {
      await requireShopRow(shop);
      await db
        .update(sandboxThemes)
        .set({ appEmbedEnabled: enabled })
        .where(and(eq(sandboxThemes.shopDomain, shop), eq(sandboxThemes.role, 'MAIN')));
    },
  };
}

function pageSize(first: number | undefined): number {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new StoreError('invalid', `first must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  return size;
}

function afterCursor(column: AnyPgColumn, after: string | null | undefined) {
  return after ? gt(column, decodeCursor(after)) : undefined;
}

/** Every word must appear in one of the columns, case-insensitively (LIKE wildcards escaped). */
function textFilter(query: string | undefined, columns: AnyPgColumn[]) {
  const words = (query ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return or(...columns.map((column) => ilike(column, pattern)));
    }),
  );
}
