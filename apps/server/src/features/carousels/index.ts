/** The carousels area's public face: its routes. */
export { carouselRoutes } from './routes';
