/** The onboarding area's public face: what other areas may use. */

export { publishProductsJob } from './publish-products-job';
export type { OnboardingState } from './service';
export { onboardingState } from './service';
export { storeEvent } from './store';
