/** The storefront area's public face: what other areas may use. */
export { loadStorefrontData, storefrontShop } from './data';
export { toStorefrontClip } from './wire';
