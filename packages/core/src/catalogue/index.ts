export type { CatalogueCollection, CatalogueProductsResponse, ProductPickerItem } from './contract';
export {
  COLLECTION_FETCH_PRODUCTS,
  COLLECTION_PREVIEW_PRODUCTS,
  COLLECTION_SEARCH_SIZE,
  catalogueContract,
  PRODUCT_SEARCH_PAGE_SIZE,
  productPickerItemSchema,
} from './contract';
