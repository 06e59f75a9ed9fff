/**
 * Colours of a merchant's branding as previews paint them (the admin's phone preview, the local
 * Shopify's branded-app preview): a setting taken only when it is a #rrggbb colour, and the text
 * colour that reads on it.
 */

/** `value` when it is a #rrggbb colour; `fallback` when it is unset or anything else. */
export const hexColour = (value: string | null | undefined, fallback: string): string =>
  value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;

/** Black or white text, whichever reads better on the #rrggbb background (WCAG relative luminance). */
export function textOn(background: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#1a1a1a' : '#ffffff';
}
