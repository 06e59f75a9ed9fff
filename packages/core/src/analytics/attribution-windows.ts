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
