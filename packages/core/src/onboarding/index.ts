export { getStartedStatus, onboardedBeforeCutoff } from './progress';
