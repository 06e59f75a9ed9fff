/**
 * Our wording where the spec gives none (server answers; recorded in docs/decisions.md): the
 * support widget's refusals.
 */
export const HELP_SERVER_MESSAGES = {
  supportNeedsStoreAccount: 'The support widget needs a created store account.',
  supportNeedsSubscription: 'The support widget needs an active subscription.',
  supportNotConfigured: 'The support widget is not configured.',
} as const;
