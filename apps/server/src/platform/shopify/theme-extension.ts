import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

const EXTENSIONS = new URL('../../../../../extensions/', import.meta.url);

/**
 * The theme app extension's uuid, when its shopify.extension.toml carries one: Shopify CLI writes
 * `uid` there at `shopify app deploy`, and it is the last segment of the embed's block type. Null
 * before a deploy wrote it (the app's handle, read from the Admin API, still finds the embed).
 */
export function readThemeExtensionUuid(extensions: URL = EXTENSIONS): string | null {
  const folder = fileURLToPath(extensions);
  if (!existsSync(folder)) return null;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = new URL(`${entry.name}/shopify.extension.toml`, extensions);
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const toml = parse(readFileSync(file, 'utf8')) as { type?: unknown; uid?: unknown };
    if (toml.type === 'theme' && typeof toml.uid === 'string' && toml.uid !== '') return toml.uid;
  }
  return null;
}
