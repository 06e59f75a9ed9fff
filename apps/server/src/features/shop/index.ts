/** The shop area's public face: what other areas and the composition root may use. */
export { resolveTenant, tenantHook } from './tenant';
