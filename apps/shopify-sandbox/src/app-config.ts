import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * The installed app's configuration as Shopify holds it after `shopify app deploy`: the scopes it
 * is granted and its webhook subscriptions, read from its shopify.app.toml (the repository's by
 * default), so the local Shopify grants and sends exactly what the file declares.
 */
export interface AppConfig {
  scopes: string[];
  webhooks: {
    apiVersion: string;
    /** Topic (`orders/create`, compliance topics too) → URI, relative to the app's URL or absolute. */
    uris: ReadonlyMap<string, string>;
  };
  /** Handles of the channel specifications its channel_config extension deploys. */
  channelSpecifications: string[];
}

export const DEFAULT_APP_CONFIG_FILE = new URL('../../../shopify.app.toml', import.meta.url);

interface TomlFile {
  access_scopes?: { scopes?: string };
  webhooks?: {
    api_version?: string;
    subscriptions?: { topics?: string[]; compliance_topics?: string[]; uri?: string }[];
  };
}

export function readAppConfig(file: URL | string = DEFAULT_APP_CONFIG_FILE): AppConfig {
  const toml = parse(readFileSync(file, 'utf8')) as TomlFile;
  const uris = new Map<string, string>();
  for (const subscription of toml.webhooks?.subscriptions ?? []) {
    if (!subscription.uri) continue;
    for (const topic of [
      ...(subscription.topics ?? []),
      ...(subscription.compliance_topics ?? []),
    ]) {
      uris.set(topic, subscription.uri);
    }
  }
  return {
    scopes: (toml.access_scopes?.scopes ?? '')
      .split(',')
      .map((scope) => scope.trim())
      .filter(Boolean),
    webhooks: { apiVersion: toml.webhooks?.api_version ?? '', uris },
    channelSpecifications: channelSpecifications(new URL('extensions/', file)),
  };
}

/**
 * The specifications of the app's channel_config extension (extensions/<any>/specifications/*.toml
 * beside shopify.app.toml), as `shopify app deploy` sends them: their handles.
 * https://shopify.dev/docs/apps/build/sales-channels/channel-config-extension
 */
function channelSpecifications(extensions: URL): string[] {
  if (!existsSync(extensions)) return [];
  return readdirSync(extensions, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => new URL(`${entry.name}/`, extensions))
    .filter((folder) => {
      const config = new URL('shopify.extension.toml', folder);
      if (!existsSync(config)) return false;
      // Either form Shopify CLI reads: the keys at the top, or in an [[extensions]] table.
      const toml = parse(readFileSync(config, 'utf8')) as {
        type?: unknown;
        extensions?: { type?: unknown }[];
      };
      return (
        toml.type === 'channel_config' ||
        (toml.extensions ?? []).some((extension) => extension.type === 'channel_config')
      );
    })
    .flatMap((folder) => {
      const specifications = new URL('specifications/', folder);
      if (!existsSync(specifications)) return [];
      return readdirSync(specifications)
        .filter((name) => name.endsWith('.toml'))
        .map((name) => parse(readFileSync(new URL(name, specifications), 'utf8')).handle)
        .filter((handle): handle is string => typeof handle === 'string');
    })
    .sort();
}
