import { type CarouselCreateBody, carouselsContract } from '@popstage/core/carousels';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api/client';
import {
  type CacheKeys,
  invalidateKeys,
  routeKey,
  routeQueryOptions,
  useRouteMutation,
  useRouteQuery,
} from '../../lib/api/hooks';

/** Carousel calls of spec 02 §7 through core's carousels contract. */

/** The answers a carousel change makes stale: the list and each carousel. */
const CAROUSEL_KEYS = [routeKey(carouselsContract.list), routeKey(carouselsContract.get)];

export const cacheKeys: CacheKeys = {
  queries: [...CAROUSEL_KEYS, routeKey(carouselsContract.collectionClips)],
  invalidates: CAROUSEL_KEYS,
};

export const carouselsListOptions = (api: ApiClient, customerId: string) =>
  routeQueryOptions(api, carouselsContract.list, { query: { customerId } });

export const carouselOptions = (api: ApiClient, carouselId: string) =>
  routeQueryOptions(api, carouselsContract.get, { params: { carousel_id: carouselId } });

export function useCarousels(customerId: string, enabled = true) {
  return useRouteQuery(
    carouselsContract.list,
    { query: { customerId } },
    { enabled, select: (answer) => answer.data },
  );
}

/** The edit page's carousel (404 'Carousel not found.'). */
export function useCarousel(carouselId: string | null) {
  return useRouteQuery(
    carouselsContract.get,
    { params: { carousel_id: carouselId ?? '' } },
    { enabled: carouselId !== null, select: (answer) => answer.data },
  );
}

/** The Popclips (metaIdentifiers, newest first) a collection carousel of this collection shows. */
export function useCollectionCarouselClips(collectionId: string | null) {
  return useRouteQuery(
    carouselsContract.collectionClips,
    { query: { collectionId: collectionId ?? '' } },
    { enabled: collectionId !== null, select: (answer) => answer.data },
  );
}

/** Every carousel answer cached is stale after a change. */
function useInvalidateCarousels() {
  const queryClient = useQueryClient();
  return () => invalidateKeys(queryClient, CAROUSEL_KEYS);
}

/** Create (no carousel_id) or update (with it): POST or PUT /api/popclips/carousels. */
export function useSaveCarousel() {
  const invalidate = useInvalidateCarousels();
  const create = useRouteMutation(carouselsContract.create, { onSettled: invalidate });
  const update = useRouteMutation(carouselsContract.update, { onSettled: invalidate });
  return {
    pending: create.isPending || update.isPending,
    save: async (body: CarouselCreateBody) => {
      const answer = body.carousel_id
        ? await update.mutateAsync({ body: { ...body, carousel_id: body.carousel_id } })
        : await create.mutateAsync({ body });
      return answer.data;
    },
  };
}

/** The publish-steps modal's last step: is_published false → true. */
export function usePublishCarouselCall() {
  const invalidate = useInvalidateCarousels();
  return useRouteMutation(carouselsContract.publish, { onSettled: invalidate });
}

export function useDeleteCarouselCall() {
  const invalidate = useInvalidateCarousels();
  return useRouteMutation(carouselsContract.remove, { onSettled: invalidate });
}
