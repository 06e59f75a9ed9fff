/** Events per POST (the contract's batch limit), zod-free so the widget's bundle can take it. */
export const STOREFRONT_EVENTS_MAX = 50;
