/** The live area's public face: its routes, and the storefront's live show. */
export { liveRoutes } from './routes';
export { liveStorefrontPart, storefrontLiveShow } from './storefront-show';
