/** The help area's public face: what other areas may use. */

export type { SupportRequestRow } from './store';
export { allSupportRequests } from './store';
