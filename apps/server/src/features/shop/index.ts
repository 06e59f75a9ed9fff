/** The shop area's public face: what other areas and the composition root may use. */

export { reinstalledSince } from './reinstalled-since';
export { ensureShop, featureFlagsOf } from './service';
export { deleteShop, findShop, updateShop } from './store';
