/** The live area's public face: its routes. */
export { liveRoutes } from './routes';
