/** The compliance area's public face: what other areas and the job registry may use. */

export { pruneDataRequestsJob } from './data-requests';
export { shopRedactJob } from './shop-redact-job';
