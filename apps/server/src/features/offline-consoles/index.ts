/** The offline services' consoles: what the app's stand-ins for SMS and support received. */
export { offlineConsoleRoutes } from './routes';
