/** The analytics area's public face: what other areas may use. */
export { sendAppEvent } from './app-events';
export { useTrack } from './use-track';
