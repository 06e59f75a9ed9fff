/** The catalogue area's public face: the store's products and collections as the pickers need them. */
export { useCollections, useFirstProducts, useProductSearch } from './data';
