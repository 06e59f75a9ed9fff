/** The popclips area's public face: what other areas may use. */
export { findPopclipsByMetaIds } from './store';
