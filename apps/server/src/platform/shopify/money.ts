/**
 * Shopify serializes Decimal/Money as strings ("10.0", "29.99"); the port's amounts are decimal
 * strings with at least two fraction digits ("10.00"). Done on the string, never through a float.
 */
export function normalizeAmount(value: string | number): string {
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${sign}${whole.replace(/^0+(?=\d)/, '')}.${digits}`;
}
