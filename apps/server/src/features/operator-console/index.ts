/** The operator console's public face: its pages, and staff accounts for the one-time CLI. */
export { operatorConsoleRoutes } from './routes';
export { createFirstAdmin, hasAdmin } from './staff';
