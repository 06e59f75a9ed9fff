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

/** What names the app's embed: its handle, the extension's uuid, or an override naming either. */
export interface AppEmbedIdentity {
  /** The app's handle (Admin API `currentAppInstallation.app.handle`): the block type's first segment. */
  appHandle?: string | null;
  /** The theme app extension's uuid (`uid` in its shopify.extension.toml): the last segment. */
  extensionUuid?: string | null;
  /** SHOPIFY_THEME_EXTENSION: a handle or uuid, matched against any whole segment. */
  override?: string | null;
}

/**
 * Whether an app embed of this app is on. A block type is
 * `shopify://apps/{app handle}/blocks/{block handle}/{extension uuid}`; segments are compared
 * whole, so that `popstage` does not match `popstage-old`.
 */
export function isAppEmbedEnabledIn(settingsData: string, identity: AppEmbedIdentity): boolean {
  const parsed = parseSettingsData(settingsData);
  if (!parsed) return false;
  // `current` is either the settings object or the name of a preset holding them.
  const current =
    typeof parsed.current === 'string' ? parsed.presets?.[parsed.current] : parsed.current;
  const blocks = (current as { blocks?: unknown } | undefined)?.blocks;
  if (!blocks || typeof blocks !== 'object') return false;
  return Object.values(blocks as Record<string, SettingsBlock>).some((block) => {
    if (typeof block?.type !== 'string' || block.disabled === true) return false;
    const segments = /^shopify:\/\/apps\/(.+)$/.exec(block.type)?.[1]?.split('/');
    if (!segments) return false;
    if (identity.override) return segments.includes(identity.override);
    return (
      (!!identity.appHandle && segments[0] === identity.appHandle) ||
      (!!identity.extensionUuid && segments.at(-1) === identity.extensionUuid)
    );
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
