/** The engagement area's public face: what other areas may use. */
export { ingestEvents } from './service';
export { clipCounts, knownClipIds, likedClipIds } from './store';
