/** The shop area's public face: what other areas and the composition root may use. */

export { ensureShop, featureFlagsOf } from './service';
export { deleteShop, findShop, updateShop } from './store';
export { recordUninstall, reinstalledSince } from './uninstall';
