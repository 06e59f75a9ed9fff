/** The notifications area's public face: what other areas and the composition root may use. */
export { deliverPushJob } from './deliver-job';
export { releaseDeliveryLeases } from './delivery-ledger';
export { devicePublicRoutes } from './public-routes';
export { notificationRoutes } from './routes';
