/** The onboarding area's public face: its routes and job, and what other areas may use. */

export { publishProductsJob } from './publish-products-job';
export { onboardingRoutes } from './routes';
export type { OnboardingState } from './service';
export { completeStep, onboardingState } from './service';
