/** The carousels area's public face. */
export { useCarousels } from './carousels-api';
export { CarouselManager } from './CarouselManager';
