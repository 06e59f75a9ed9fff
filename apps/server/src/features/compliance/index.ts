/** The compliance area's public face: its routes and webhooks, and its jobs for the registry. */

export { pruneDataRequestsJob } from './data-requests';
export {
  customersDataRequestRoutes,
  customersRedactRoutes,
  dataRequestRoutes,
  shopRedactRoutes,
} from './routes';
export { shopRedactJob } from './shop-redact-job';
