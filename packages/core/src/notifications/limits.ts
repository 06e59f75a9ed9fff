/** Push notification constants (spec 03 §5, §9). */
export const NOTIFICATION_TITLE_MAX = 50;
export const NOTIFICATION_BODY_MAX = 150;
export const NOTIFICATION_PAGE_SIZE = 10;
/** A scheduled time lies at least this far ahead of now. */
export const SCHEDULE_LEAD_MINUTES = 4;
/** The time picker's step. */
export const SCHEDULE_STEP_MINUTES = 5;
/** How far ahead the date picker goes (one month). */
export const SCHEDULE_MONTHS_AHEAD = 1;
/** Platforms a device registers with; `sandbox` is the local Shopify's app preview phone. */
export const DEVICE_PLATFORMS = ['ios', 'android', 'sandbox'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];
