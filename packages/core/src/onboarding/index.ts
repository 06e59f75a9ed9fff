export type { WizardStatusWire } from './contract';
export { onboardingContract } from './contract';
export { getStartedStatus, onboardedBeforeCutoff } from './progress';
