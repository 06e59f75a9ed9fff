/** The sandbox area's public face: what other areas may use. */

export type { Html } from './html';
export { html } from './html';
