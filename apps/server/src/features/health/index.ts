/** The health area's public face: its routes. */
export { healthRoutes } from './routes';
