/** The sharing area's public face: its routes and the public share pages. */
export { sharePageRoutes } from './public-routes';
export { sharingRoutes } from './routes';
