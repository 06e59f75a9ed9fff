/** The carousels area's public face. */

export { CarouselManager } from './CarouselManager';
export { useCarousels } from './data';
