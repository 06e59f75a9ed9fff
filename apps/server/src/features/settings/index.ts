/** The settings area's public face: its routes, and the settings other areas read. */
export { settingsRoutes } from './routes';
export { popclipsSettingsOf } from './service';
