/**
 * The share-limit text (spec 02 §8). The spec shows only its start ("... for this month...");
 * the end is ours, recorded in docs/decisions.md.
 */
export const SHARE_LIMIT_MESSAGE =
  "Oops! You've reached the maximum limit of 5 Popclip shares for this month. Upgrade your plan to share more.";

/** The public share page (GET /s/{code}). */
export const SHARE_PAGE_TEXTS = {
  notFound: 'This Popclip is not available.',
  notFoundDetail: 'The link may be mistyped, or the clip was removed by the shop.',
  shopNow: 'Shop now',
} as const;
