import { createHash } from 'node:crypto';
import type { AppDataMetafield } from '../store/app-data-metafields';
import { resolveNamespace, toGid } from '../store/gid';
import { type AdminContext, userError } from './context';

/**
 * App-data metafields through the Admin API: `metafieldsSet` with the app's installation as owner
 * (any namespace and key, as Shopify takes them) and `AppInstallation.metafield(namespace, key)`.
 * https://shopify.dev/docs/apps/build/custom-data/metafields/app-data
 */

export interface MetafieldsSetInput {
  ownerId: string;
  namespace?: string | null;
  key: string;
  type?: string | null;
  value: string;
}

/** MetafieldsSetInput's rules (the schema's words): "3-255 characters", "2-64 characters". */
const NAMESPACE = /^[A-Za-z0-9_-]{3,255}$/;
const KEY = /^[A-Za-z0-9_-]{2,64}$/;

/** The types the local Shopify keeps on an installation, with Shopify's check of a value. */
const VALUE_CHECKS: Record<string, (value: string) => boolean> = {
  single_line_text_field: (value) => !/[\r\n]/.test(value),
  multi_line_text_field: () => true,
  number_integer: (value) => /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)),
  boolean: (value) => value === 'true' || value === 'false',
  url: (value) => /^https?:\/\/[^\s/]+/.test(value),
  json: (value) => {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  },
};

/**
 * The user errors of one installation metafield (none: it may be written). No definitions exist
 * on an installation here, so its type is always required, as Shopify requires it without one.
 */
export function appDataMetafieldErrors(metafield: MetafieldsSetInput, field: string[]) {
  const namespace = resolveNamespace(metafield.namespace);
  if (!NAMESPACE.test(namespace)) {
    return [userError('Namespace is invalid', [...field, 'namespace'], 'INVALID')];
  }
  if (!KEY.test(metafield.key)) return [userError('Key is invalid', [...field, 'key'], 'INVALID')];
  if (!metafield.type) return [userError("Type can't be blank", [...field, 'type'], 'BLANK')];
  const check = VALUE_CHECKS[metafield.type];
  if (!check) {
    return [
      userError(
        `The local Shopify keeps no ${metafield.type} metafield on the installation`,
        [...field, 'type'],
        'INVALID_TYPE',
      ),
    ];
  }
  return check(metafield.value)
    ? []
    : [userError(`Value is not a valid ${metafield.type}`, [...field, 'value'], 'INVALID_VALUE')];
}

/** What the store keeps of an installation metafield that passed appDataMetafieldErrors. */
export function appDataMetafield(metafield: MetafieldsSetInput): AppDataMetafield {
  return {
    namespace: resolveNamespace(metafield.namespace),
    key: metafield.key,
    type: metafield.type ?? '',
    value: metafield.value,
  };
}

/** A stable id per shop, namespace and key. */
function appDataMetafieldId(shop: string, namespace: string, key: string): string {
  const hash = createHash('sha256').update(`${shop}:${namespace}.${key}`).digest();
  return toGid('Metafield', 1_000_000_000_000 + (hash.readUInt32BE(0) % 100_000_000_000));
}

/** The Metafield object of an installation metafield. */
export function appDataMetafieldObject(shop: string, metafield: AppDataMetafield) {
  return {
    __typename: 'Metafield',
    id: appDataMetafieldId(shop, metafield.namespace, metafield.key),
    namespace: metafield.namespace,
    key: metafield.key,
    type: metafield.type,
    value: metafield.value,
    jsonValue: jsonValue(metafield),
  };
}

/** Metafield.jsonValue: the value as JSON (numbers, booleans and json parsed, the rest strings). */
function jsonValue({ type, value }: AppDataMetafield): unknown {
  if (type === 'json') return JSON.parse(value);
  if (type === 'number_integer') return Number(value);
  if (type === 'boolean') return value === 'true';
  return value;
}

/** `AppInstallation.metafield(namespace, key)`: no namespace is the app's reserved one. */
export async function installationMetafield(
  args: { namespace?: string | null; key: string },
  context: AdminContext,
) {
  const namespace = resolveNamespace(args.namespace);
  const found = (await context.store.appDataMetafields(context.shop)).find(
    (metafield) => metafield.namespace === namespace && metafield.key === args.key,
  );
  return found ? appDataMetafieldObject(context.shop, found) : null;
}
