/** Where the landing title's "free onboarding call" link books a slot (our scheduling page). */
export const ONBOARDING_CALL_URL = 'https://calendly.com/popstage/onboarding';
