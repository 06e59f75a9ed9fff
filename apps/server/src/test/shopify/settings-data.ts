/** A settings_data.json as Shopify serves it: a leading comment, then `current` with its blocks. */
export function settingsData(blocks: Record<string, unknown>, current?: string): string {
  const data = current
    ? { current, presets: { [current]: { blocks } } }
    : { current: { colors_accent: '#fff', blocks }, presets: {} };
  return `/*\n * IMPORTANT: The contents of this file are auto-generated.\n */\n${JSON.stringify(data, null, 2)}`;
}
