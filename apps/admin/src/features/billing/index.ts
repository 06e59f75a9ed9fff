/** The billing area's public face: what other areas may use. */
export { usePopclipsPlanLevel } from './use-popclips-plan-level';
