import { z } from 'zod';
import { GET_STARTED_EVENTS, type GetStartedEvent } from '../shop/types';
import { emailSchema } from './validation';

/** Request bodies and answers of the onboarding and support calls (docs/api.md). */

export const wizardEventBodySchema = z.object({
  event: z.enum(GET_STARTED_EVENTS),
});

export interface WizardStatusWire {
  completion_percentage: number;
  events: GetStartedEvent[];
}

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;

export const supportRequestBodySchema = z.object({
  subject: z.string().trim().min(1, 'Please enter a subject').max(SUPPORT_SUBJECT_MAX),
  message: z.string().trim().min(1, 'Please enter a message').max(SUPPORT_MESSAGE_MAX),
  email: emailSchema,
});

export interface SupportRequestWire {
  id: string;
  subject: string;
  message: string;
  email: string;
  createdAt: string;
}
