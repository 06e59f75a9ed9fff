/** The analytics area's public face: its routes, webhook and job, and what other areas may use. */
export { countHoldoutVisit, holdoutPercent } from './holdout';
export { shopTimeZone } from './insights';
export { orderWebhookRoutes } from './order-webhook-routes';
export { orderAttribution } from './orders';
export { reportPageRoutes } from './report-routes';
export { rollupJob } from './rollup-job';
export { analyticsRoutes } from './routes';
export { clipCounts, rollupMarksInsert } from './service';
