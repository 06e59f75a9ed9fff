/** The help area's public face: its routes, and the support requests the offline desk lists. */

export { helpRoutes } from './routes';
export type { ReceivedSupportRequest } from './service';
export { receivedSupportRequests } from './service';
