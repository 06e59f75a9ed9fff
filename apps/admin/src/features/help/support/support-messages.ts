/** Our wording for the support widget (the spec gives none; docs/decisions.md). */
export const SUPPORT_MESSAGES = {
  title: 'Contact support',
  sent: 'Thanks! We received your message and will reply by e-mail.',
  sendFailed: 'Your message could not be sent. Please try again.',
  unavailable: 'Support is not available right now. Please e-mail us instead.',
} as const;
