/**
 * How long a clip interaction earns credit for an order placed by the same visitor (reasons in
 * docs/decisions.md "Sales attribution"). Only interactions at or before the order time count.
 */
export const ATTRIBUTION_WINDOWS = {
  /** A click or add-to-cart of the ordered product itself. */
  directHours: 7 * 24,
  /** Any click, add-to-cart or like, for any other product of the order. */
  indirectHours: 7 * 24,
  /** A view of a clip, without any other interaction. */
  influencedHours: 24,
} as const;

export type AttributionWindows = { [K in keyof typeof ATTRIBUTION_WINDOWS]: number };

/** How far back an order's interactions have to be read: the widest window. */
export function attributionLookbackHours(windows: AttributionWindows = ATTRIBUTION_WINDOWS) {
  return Math.max(windows.directHours, windows.indirectHours, windows.influencedHours);
}

/** The attribution windows a merchant can choose on Insights, in days; 7 is the default. */
export const ATTRIBUTION_WINDOW_DAYS = [1, 7, 30] as const;
export type AttributionWindowDays = (typeof ATTRIBUTION_WINDOW_DAYS)[number];
export const DEFAULT_ATTRIBUTION_WINDOW_DAYS: AttributionWindowDays = 7;

/**
 * The windows of a chosen attribution window: clicks, add-to-carts and likes earn credit for
 * `days`; a view alone earns it for at most 24 hours (a view is weak evidence whatever the
 * choice). 7 days gives ATTRIBUTION_WINDOWS.
 */
export function attributionWindowsFor(days: AttributionWindowDays): AttributionWindows {
  return {
    directHours: days * 24,
    indirectHours: days * 24,
    influencedHours: Math.min(days * 24, ATTRIBUTION_WINDOWS.influencedHours),
  };
}
