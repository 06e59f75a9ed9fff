import type { AppDataMetafield } from '../store/app-data-metafields';
import { APP_NAMESPACE } from '../store/gid';
import type { MetafieldsInput, MetafieldValue } from './liquid-objects';

/**
 * The app's app-data metafields as its theme app extension reads them: Liquid's
 * `app.metafields.<namespace>.<key>`, whose `.value` is typed as Shopify types it (a json
 * metafield's value is the parsed object, so `.value.some_key` reads into it; integers are
 * numbers, booleans booleans, the rest strings). The reserved namespace reads as `$app` too.
 * https://shopify.dev/docs/api/liquid/objects/app
 */
export function appMetafieldsForLiquid(metafields: AppDataMetafield[]): MetafieldsInput {
  const namespaces: MetafieldsInput = {};
  for (const metafield of metafields) {
    namespaces[metafield.namespace] = {
      ...namespaces[metafield.namespace],
      [metafield.key]: { type: metafield.type, value: liquidValue(metafield) },
    };
  }
  const reserved = namespaces[APP_NAMESPACE];
  if (reserved) namespaces.$app = reserved;
  return namespaces;
}

function liquidValue({ type, value }: AppDataMetafield): MetafieldValue {
  if (type === 'json') return JSON.parse(value) as MetafieldValue;
  if (type === 'number_integer') return Number(value);
  if (type === 'boolean') return value === 'true';
  return value;
}
