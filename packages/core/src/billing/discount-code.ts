/** Trimmed and upper-cased (spec 01 §5); blank input is no code at all. */
export function normaliseDiscountCode(raw: string | null | undefined): string | null {
  const code = raw?.trim().toUpperCase() ?? '';
  return code === '' ? null : code;
}
