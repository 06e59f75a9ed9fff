/** The operator area's public face: the staff API (/operator/api). */
export { operatorRoutes } from './routes';
