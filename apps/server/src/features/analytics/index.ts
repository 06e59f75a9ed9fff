/** The analytics area's public face: what other areas may use. */
export { countHoldoutVisit, holdoutPercent } from './holdout';
export { shopTimeZone } from './insights';
export { orderAttribution } from './order-store';
export { rollupJob } from './rollup-job';
export { dirtyHoursInsert, markDirtyHours } from './rollup-store';
