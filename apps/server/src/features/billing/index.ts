/** The billing area's public face: what other areas may use. */
export { planFacts } from './plan-facts';
