import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * shopify.app.toml, the app's configuration as Shopify CLI deploys it: read once, so the scopes
 * the app asks for and those the local Shopify grants are the file's, not a copy.
 */
const toml = parse(
  readFileSync(new URL('../../../../../shopify.app.toml', import.meta.url), 'utf8'),
) as {
  access_scopes?: { scopes?: string };
};

export const APP_SCOPES: readonly string[] = (toml.access_scopes?.scopes ?? '')
  .split(',')
  .map((scope) => scope.trim())
  .filter(Boolean);
