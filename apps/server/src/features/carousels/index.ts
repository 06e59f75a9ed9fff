/** The carousels area's public face: what other areas may use. */
export { findCarousel, removeClipFromCarousels } from './store';
