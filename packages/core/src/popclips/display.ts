/** Where a clip shows on the storefront (spec 02 §3). An empty list excludes it from product pages. */
export const DISPLAY_TARGETS = ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'] as const;
export type DisplayTarget = (typeof DISPLAY_TARGETS)[number];

/** The exclude-from-product-page toggle as stored: every target, or none. */
export function displayTargetsFor(excludeFromProductPage: boolean): DisplayTarget[] {
  return excludeFromProductPage ? [] : [...DISPLAY_TARGETS];
}

export function isExcludedFromProductPage(display: readonly DisplayTarget[]): boolean {
  return display.length === 0;
}

/** Whether the clip belongs on a product page of the given surface. */
export function showsOn(display: readonly DisplayTarget[], target: DisplayTarget): boolean {
  return display.includes(target);
}
