/** The offline services' consoles: what the app's stand-ins for SMS, support and live sent. */
export { offlineConsoleRoutes } from './routes';
