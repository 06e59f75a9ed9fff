import type { GetStartedStatus, WizardStatusWire } from '@popstage/core/onboarding';

/** The wizard's state in the spec's wire names. */
export function toWizardStatusWire(status: GetStartedStatus): WizardStatusWire {
  return { completion_percentage: status.completionPercentage, events: status.events };
}
