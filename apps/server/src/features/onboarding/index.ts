/** The onboarding area's public face: what other areas may use. */
export { storeEvent } from './store';
