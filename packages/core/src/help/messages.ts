/**
 * Our wording where the spec gives none (server answers; recorded in docs/decisions.md): the
 * support widget's refusals.
 */
export const HELP_SERVER_MESSAGES = {
  supportNeedsStoreAccount: 'The support widget needs a created store account.',
  supportNeedsSubscription: 'The support widget needs an active subscription.',
  supportNotConfigured: 'The support widget is not configured.',
} as const;

/** The help center's texts (our wording; the spec gives none). */
export const HELP_CENTER_MESSAGES = {
  articleNotFound: 'This article does not exist or is not published.',
  unavailable: 'The help center could not be loaded. Please try again in some time.',
  noResults: 'No Results',
} as const;
