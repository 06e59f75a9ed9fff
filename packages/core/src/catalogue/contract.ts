import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';

/** The store's catalogue for product tagging and collection carousels (spec 02 §2, 03 §7). */

/** Product picker search page (spec 02 §9). */
export const PRODUCT_SEARCH_PAGE_SIZE = 10;
/** Products previewed for a collection carousel, and fetched per collection (spec 02 §9). */
export const COLLECTION_PREVIEW_PRODUCTS = 5;
export const COLLECTION_FETCH_PRODUCTS = 250;
/** Collection search answers the first 20 (spec 03 §7). */
export const COLLECTION_SEARCH_SIZE = 20;

export const productPickerItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  handle: z.string(),
  createdAt: z.string(),
  /** Decimal string. */
  amount: z.string(),
  currencyCode: z.string(),
  imgSrc: z.string().nullable(),
  imgAlt: z.string().nullable(),
});
export type ProductPickerItem = z.infer<typeof productPickerItemSchema>;

export const catalogueCollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  productsCount: z.number(),
});
export type CatalogueCollection = z.infer<typeof catalogueCollectionSchema>;

const pageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

/** A page of the product picker. */
export const catalogueProductsResponseSchema = z.object({
  data: z.array(productPickerItemSchema),
  pageInfo: pageInfoSchema,
});
export type CatalogueProductsResponse = z.infer<typeof catalogueProductsResponseSchema>;

const productList = dataAnswer(z.array(productPickerItemSchema));

export const catalogueContract = {
  products: defineRoute({
    method: 'GET',
    path: '/api/catalogue/products',
    query: z.object({
      query: z.string().trim().max(255).optional(),
      after: z.string().max(1024).optional(),
    }),
    response: catalogueProductsResponseSchema,
    summary: "The product picker's page of 10 (published, active products), by title",
  }),
  productsByIds: defineRoute({
    method: 'GET',
    path: '/api/catalogue/products/by-ids',
    query: z.object({
      /** Comma-separated GIDs, at most 50. */
      ids: z
        .string()
        .max(50 * 64)
        .transform((value) =>
          [...new Set(value.split(',').map((part) => part.trim()))].filter(Boolean),
        )
        .pipe(z.array(z.string().max(64)).min(1).max(50)),
    }),
    response: productList,
    summary: 'Tagged products by id, in the order asked; unknown ids left out',
  }),
  collections: defineRoute({
    method: 'GET',
    path: '/api/catalogue/collections',
    query: z.object({ query: z.string().trim().max(255).optional() }),
    response: dataAnswer(z.array(catalogueCollectionSchema)),
    summary: 'The first 20 collections by title',
  }),
  collectionProducts: defineRoute({
    method: 'GET',
    path: '/api/catalogue/collections/:collectionId/products',
    params: z.object({
      collectionId: z.string().regex(/^gid:\/\/shopify\/Collection\/\d+$/, 'Invalid collection id'),
    }),
    query: z.object({ first: z.coerce.number().int().min(1).max(20).default(5) }),
    response: productList,
    summary: "The first products of a collection (the collection carousel's preview)",
  }),
};
