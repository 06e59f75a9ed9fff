/**
 * Whether the app embed is on, read from a theme's config/settings_data.json. App embeds are
 * blocks in `current.blocks` whose type is `shopify://apps/{app}/blocks/{block}/{extension uuid}`
 * and that carry `disabled: true` when switched off. Shopify prefixes the file with a /* ... *\/
 * comment, which JSON.parse refuses, so leading comments are stripped first.
 * https://shopify.dev/docs/apps/build/online-store/theme-app-extensions/configuration
 */

interface SettingsBlock {
  type?: unknown;
  disabled?: unknown;
}

interface SettingsData {
  current?: unknown;
  presets?: Record<string, unknown>;
}

/**
 * @param extension the theme app extension's uuid or a handle in the block type (app or block
 *   handle); compared to whole path segments so that `popstage` does not match `popstage-old`.
 */
export function isAppEmbedEnabledIn(settingsData: string, extension: string): boolean {
  const parsed = parseSettingsData(settingsData);
  if (!parsed) return false;
  // `current` is either the settings object or the name of a preset holding them.
  const current =
    typeof parsed.current === 'string' ? parsed.presets?.[parsed.current] : parsed.current;
  const blocks = (current as { blocks?: unknown } | undefined)?.blocks;
  if (!blocks || typeof blocks !== 'object') return false;
  return Object.values(blocks as Record<string, SettingsBlock>).some((block) => {
    if (typeof block?.type !== 'string' || block.disabled === true) return false;
    const match = /^shopify:\/\/apps\/(.+)$/.exec(block.type);
    return match?.[1]?.split('/').includes(extension) ?? false;
  });
}

function parseSettingsData(text: string): SettingsData | null {
  const withoutComments = text.replace(/^(\s*\/\*[\s\S]*?\*\/)+\s*/, '');
  try {
    const value: unknown = JSON.parse(withoutComments);
    return value && typeof value === 'object' ? (value as SettingsData) : null;
  } catch {
    return null;
  }
}
