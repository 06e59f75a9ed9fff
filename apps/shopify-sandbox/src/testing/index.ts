/**
 * What tests outside the local Shopify use of it (package entry "./testing"): harnesses, its
 * published schemas and query cost, the shopper traffic it generates, the tables a test arranges
 * rows in, and readers of the pages it renders. Production code imports only the "." entry.
 */
export { signSessionToken } from '../admin-api/session-token';
export { embeddedAppUrl } from '../admin-frame/embed-url';
export { readAppConfig } from '../app-config';
export { productUpdatedPayload } from '../control/product-webhook';
export { MAX_QUERY_COST, requestedCost } from '../graphql/cost';
export { loadSchema } from '../schema/load-schema';
export { parseGid } from '../store/gid';
export type { SandboxProductEdit } from '../store/product-edits';
export {
  sandboxCollectionProducts,
  sandboxOrders,
  sandboxProducts,
  sandboxWebhookDeliveries,
} from '../store/schema';
export type { CreateAppSubscriptionInput, PlatformProduct } from '../store/types';
export { generateTraffic, SHOPPER_USER_AGENT } from '../traffic/generate-traffic';
export { openAdminApiTestStore, themeExtensionUuid } from './admin-api-store';
export { fillCart, shopperOf } from './store-shopper';
export { productBlockTag } from './storefront-page';
