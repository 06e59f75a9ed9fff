/** The settings area's public face: what other areas may use. */
export { readPopclipsSettings } from './store';
