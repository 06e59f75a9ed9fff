import { CLIP_COUNT_METAFIELD, type ProductClipCount } from '../port';
import { throwOnUserErrors } from './errors';
import type { PopstageMetafieldsSetMutation } from './generated/admin.types';
import type { GraphqlRequest } from './graphql-client';
import { METAFIELDS_SET_MUTATION } from './queries/app-metafields';

/** metafieldsSet sets at most 25 metafields per call. */
export const METAFIELDS_SET_MAX = 25;

/**
 * Product metafields the app owns, written with metafieldsSet (needs write_products). `$app` is
 * resolved by Shopify to the app's reserved namespace (app--{app id}).
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/metafieldsSet
 */
export function createProductMetafields(request: GraphqlRequest) {
  return {
    async setProductClipCounts(shop: string, counts: ProductClipCount[]): Promise<void> {
      for (let i = 0; i < counts.length; i += METAFIELDS_SET_MAX) {
        const metafields = counts.slice(i, i + METAFIELDS_SET_MAX).map(({ productId, count }) => ({
          ownerId: productId,
          ...CLIP_COUNT_METAFIELD,
          value: String(count),
        }));
        const data = await request<PopstageMetafieldsSetMutation>(shop, METAFIELDS_SET_MUTATION, {
          metafields,
        });
        // Atomic per call: a refused batch writes nothing, and the job retries it all.
        throwOnUserErrors('metafieldsSet', data.metafieldsSet);
      }
    },
  };
}
