import { z } from 'zod';
import { emailSchema } from '../account/validation';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';

/** The support widget's calls (spec 01 §2.5, §6; docs/api.md). */

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;

export const supportRequestBodySchema = z.object({
  subject: z.string().trim().min(1, 'Please enter a subject').max(SUPPORT_SUBJECT_MAX),
  message: z.string().trim().min(1, 'Please enter a message').max(SUPPORT_MESSAGE_MAX),
  email: emailSchema,
});
export type SupportRequestBody = z.infer<typeof supportRequestBodySchema>;

const supportRequestSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type SupportRequestWire = z.infer<typeof supportRequestSchema>;

export const helpContract = {
  zendeskToken: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/zendesk/token',
    response: dataAnswer(z.object({ zendeskToken: z.object({ jwt: z.string() }) })),
    summary:
      "The messaging widget's user token (403 without a store account, a subscription or a widget key)",
  }),
  supportRequests: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/support-requests',
    response: dataAnswer(z.array(supportRequestSchema)),
    summary: "The shop's support requests (the sandbox's form), newest first",
  }),
  sendSupportRequest: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/support-requests',
    body: supportRequestBodySchema,
    response: dataAnswer(supportRequestSchema),
    status: 201,
    summary: 'Sends a support request (the sandbox stand-in for the widget)',
  }),
};
