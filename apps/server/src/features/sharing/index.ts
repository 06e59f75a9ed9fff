/** The sharing area's public face: what other areas may use. */
export { insertShareLink } from './store';
