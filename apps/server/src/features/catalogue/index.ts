/** The catalogue area's public face: its routes. */
export { catalogueRoutes } from './routes';
