/** The account area's public face: its routes and job, and what other areas may use. */
export { accountRoutes } from './routes';
export { sellerAccountOf } from './seller-service';
export { createStoreAccountJob } from './store-account-job';
export { storeAccountOf } from './store-account-service';
