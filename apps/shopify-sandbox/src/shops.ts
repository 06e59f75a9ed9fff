/**
 * The local Shopify's shop names (package entry "./shops"), for the app's production code that
 * names them without loading the local Shopify itself: its entry "." pulls in GraphQL and Liquid.
 */
export { DEMO_SHOP, OTHER_SHOP } from './store/shop-definitions';
