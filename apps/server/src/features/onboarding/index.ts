/** The onboarding area's public face: what other areas may use. */

export { onboardingState } from './service';
export { storeEvent } from './store';
