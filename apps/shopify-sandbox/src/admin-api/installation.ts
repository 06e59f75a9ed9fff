import { GraphQLError } from 'graphql';
import { StoreError } from '../store/errors';
import { APP_NAMESPACE, parseGid, resolveNamespace, shopObjectGid, toGid } from '../store/gid';
import {
  appDataMetafield,
  appDataMetafieldErrors,
  appDataMetafieldObject,
  installationMetafield,
  type MetafieldsSetInput,
} from './app-data-metafields';
import { appSubscriptionObject } from './billing';
import { type AdminContext, userError } from './context';
import { APP_ID, appPublicationExists, appPublicationId } from './publications';

/** The app's installation on the shop: one per shop in the local Shopify. */
export const appInstallationId = (shop: string) => shopObjectGid(shop, 'AppInstallation');

export function currentAppInstallation(_args: unknown, context: AdminContext) {
  return {
    __typename: 'AppInstallation',
    id: appInstallationId(context.shop),
    app: { __typename: 'App', id: APP_ID, handle: context.appHandle },
    // What the merchant granted (Shopify's documented way for an app to check its scopes).
    accessScopes: context.scopes.map((handle) => ({
      __typename: 'AccessScope',
      handle,
      description: handle,
    })),
    // Deprecated in 2026-10 (the root `publications` replaces it), still served as Shopify does.
    publication: async (_args: unknown, context: AdminContext) =>
      (await appPublicationExists(context))
        ? { __typename: 'Publication', id: appPublicationId(context.shop) }
        : null,
    activeSubscriptions: async (_args: unknown, context: AdminContext) =>
      (await context.store.activeAppSubscriptions(context.shop)).map(appSubscriptionObject),
    metafield: installationMetafield,
  };
}

const METAFIELDS_SET_MAX = 25;

/**
 * `metafieldsSet`: app-data metafields on the installation (any namespace and key,
 * app-data-metafields.ts) and the app-owned `$app.clip_count` on products, what the theme
 * extension reads. Like Shopify, a batch with any invalid entry writes nothing and answers user
 * errors.
 */
export async function metafieldsSet(
  args: { metafields: MetafieldsSetInput[] },
  context: AdminContext,
) {
  // "Maximum of 25" (the schema's words): more is refused whole, as a top-level error.
  if (args.metafields.length > METAFIELDS_SET_MAX) {
    throw new GraphQLError(
      `The input array size of ${args.metafields.length} is greater than the maximum allowed of ${METAFIELDS_SET_MAX}.`,
      { extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } },
    );
  }
  const installation = appInstallationId(context.shop);
  const errors = args.metafields.flatMap((metafield, index) => {
    const field = ['metafields', String(index)];
    if (metafield.ownerId === installation) return appDataMetafieldErrors(metafield, field);
    if (parseGid('Product', metafield.ownerId) === null) {
      return [userError('Owner does not exist', [...field, 'ownerId'], 'INVALID_VALUE')];
    }
    // `$app` is the app's reserved namespace, `app--<app id>`, either way it is written.
    if (resolveNamespace(metafield.namespace) !== APP_NAMESPACE || metafield.key !== 'clip_count') {
      return [userError('The local Shopify keeps only $app.clip_count on products', field)];
    }
    return /^\d+$/.test(metafield.value)
      ? []
      : [userError('Value must be an integer', [...field, 'value'], 'INVALID_VALUE')];
  });
  if (errors.length > 0) return { metafields: null, userErrors: errors };
  try {
    const appData = args.metafields.filter((m) => m.ownerId === installation);
    if (appData.length > 0) {
      await context.store.setAppDataMetafields(context.shop, appData.map(appDataMetafield));
    }
    const counts = args.metafields
      .filter((m) => m.ownerId !== installation)
      .map((m) => ({ productId: m.ownerId, count: Number(m.value) }));
    if (counts.length > 0) await context.store.setProductClipCounts(context.shop, counts);
  } catch (error) {
    if (error instanceof StoreError)
      return { metafields: null, userErrors: [userError(error.message, ['metafields'])] };
    throw error;
  }
  return {
    metafields: args.metafields.map((metafield) =>
      metafield.ownerId === installation
        ? appDataMetafieldObject(context.shop, appDataMetafield(metafield))
        : {
            __typename: 'Metafield',
            // One id per product and key, unique across shops: the product's number, the key's slot.
            id: toGid('Metafield', (parseGid('Product', metafield.ownerId) ?? 0) * 10 + 1),
            namespace: resolveNamespace(metafield.namespace),
            key: metafield.key,
            value: metafield.value,
            type: metafield.type ?? null,
          },
    ),
    userErrors: [],
  };
}
