import { captionsContract } from '@popstage/core/captions';
import { carouselsContract } from '@popstage/core/carousels';
import type { RouteInput } from '@popstage/core/contract';
import {
  CLIP_LIST_PAGE_SIZE,
  CLIP_POLL_INTERVAL_MS,
  CLIP_SEARCH_PAGE_SIZE,
  FILE_CATEGORY,
  type ListMediaResponse,
  type Popclip,
  popclipsContract,
  shouldPollClips,
} from '@popstage/core/popclips';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useShop } from '../../app/shop/ShopContext';
import { useApi } from '../../lib/api/ApiContext';
import type { ApiClient } from '../../lib/api/client';
import {
  type CacheKeys,
  invalidateKeys,
  routeKey,
  routeQueryOptions,
  useRouteMutation,
  useRouteQuery,
} from '../../lib/api/hooks';

/** The media gallery calls of docs/api.md "Popclips media" through core's popclips contract. */

/** The lists of clips: the Popclips list (by owner) and the title search. */
export const CLIP_LIST_KEYS = [
  routeKey(popclipsContract.listMediaById),
  routeKey(popclipsContract.searchPopclips),
];
/** Every clip answer: the lists and the clips read by metaIdentifier. */
const CLIP_KEYS = [...CLIP_LIST_KEYS, routeKey(popclipsContract.listMediaByMetaIds)];
const captionsKey = routeKey(captionsContract.list);
/** A delete changes the carousels' clips (and may unpublish some): the carousels area's keys. */
const CAROUSEL_KEYS = [routeKey(carouselsContract.list), routeKey(carouselsContract.get)];

export const cacheKeys: CacheKeys = {
  queries: [...CLIP_KEYS, captionsKey],
  invalidates: [...CLIP_KEYS, captionsKey, ...CAROUSEL_KEYS],
};

/** Polls every 8 s while a loaded clip is processing (core shouldPollClips). */
export function pollInterval(data: InfiniteData<ListMediaResponse> | undefined): number | false {
  const clips = data?.pages.flatMap((page) => page.data) ?? [];
  return shouldPollClips(clips) ? CLIP_POLL_INTERVAL_MS : false;
}

/** The shop's clips, newest first, 14 a page, resumed from lastEvaluatedKey ("Load more"). */
export function clipsListOptions(api: ApiClient, ownerId: string) {
  const route = popclipsContract.listMediaById;
  return infiniteQueryOptions({
    queryKey: routeKey(route, { id: ownerId }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        route,
        {
          body: {
            id: ownerId,
            pageSize: CLIP_LIST_PAGE_SIZE,
            fileCategory: FILE_CATEGORY,
            lastEvaluatedKey: pageParam,
          },
        },
        { signal },
      ),
    getNextPageParam: (last) => last.lastEvaluatedKey ?? undefined,
  });
}

export function useClipsList(ownerId: string) {
  const api = useApi();
  return useInfiniteQuery({
    ...clipsListOptions(api, ownerId),
    refetchInterval: (query) => pollInterval(query.state.data),
  });
}

/**
 * The server's title search (spec 02 §7: keyword and page, size 14) over every clip of the shop,
 * "Load more" asking the next page. Off while the search is empty.
 */
export function useClipSearch(shopifyDomain: string, searchValue: string) {
  const api = useApi();
  const route = popclipsContract.searchPopclips;
  return useInfiniteQuery({
    queryKey: routeKey(route, { shopifyDomain, searchValue }),
    initialPageParam: 1,
    enabled: searchValue !== '',
    queryFn: ({ pageParam, signal }) =>
      api.call(
        route,
        { query: { shopifyDomain, searchValue, page: pageParam, size: CLIP_SEARCH_PAGE_SIZE } },
        { signal },
      ),
    getNextPageParam: (last) => (last.hasNextPage ? last.page + 1 : undefined),
  });
}

/** listMediabyTypeAndMetaId's input: the clips with these metaIdentifiers of the seller. */
const byMetaIds = (
  sellerId: string,
  metaIds: string[],
): RouteInput<typeof popclipsContract.listMediaByMetaIds> => ({
  body: { fileCategory: FILE_CATEGORY, metaIds, sellerId },
});

/** The edit page's clip (data[0]); a 404 means 'Clip not found.'. */
export function clipQueryOptions(api: ApiClient, sellerId: string, metaIdentifier: string) {
  return routeQueryOptions(
    api,
    popclipsContract.listMediaByMetaIds,
    byMetaIds(sellerId, [metaIdentifier]),
  );
}

const firstClip = (answer: { data: Popclip[] }) => answer.data[0] ?? null;
const allClips = (answer: { data: Popclip[] }) => answer.data;

export function useClip(metaIdentifier: string) {
  const shop = useShop();
  return useRouteQuery(
    popclipsContract.listMediaByMetaIds,
    byMetaIds(shop.shopifyDomain, [metaIdentifier]),
    // The form is filled once; a background refetch would not reach it anyway.
    { select: firstClip, staleTime: Number.POSITIVE_INFINITY },
  );
}

/** The shop's clips with these metaIdentifiers, in that order (a carousel's stored clips). */
export function useClipsByMetaIds(metaIds: string[]) {
  const shop = useShop();
  return useRouteQuery(
    popclipsContract.listMediaByMetaIds,
    byMetaIds(shop.shopifyDomain, metaIds),
    { enabled: metaIds.length > 0, select: allClips },
  );
}

/** Every clip answer cached is stale after a change. */
export function invalidateClips(queryClient: QueryClient) {
  return invalidateKeys(queryClient, CLIP_KEYS);
}

/** The lists are stale when a clip was added or shows otherwise (a replay made a clip, settings). */
export function invalidateClipLists(queryClient: QueryClient) {
  return invalidateKeys(queryClient, CLIP_LIST_KEYS);
}

/**
 * Deletes a clip; whatever the outcome, the clips and the carousels (their clip counts, those the
 * server unpublished) are read again.
 */
export function useDeleteClipCall() {
  const queryClient = useQueryClient();
  return useRouteMutation(popclipsContract.csDeleteMedia, {
    onSettled: () => {
      void invalidateKeys(queryClient, [...CLIP_KEYS, ...CAROUSEL_KEYS]);
    },
  });
}

/** A saved clip's captions; each change reads them again. */
export function useCaptions(metaIdentifier: string) {
  const queryClient = useQueryClient();
  const refresh = () => invalidateKeys(queryClient, [captionsKey]);
  return {
    list: useRouteQuery(captionsContract.list, { params: { metaIdentifier } }),
    put: useRouteMutation(captionsContract.put, { onSuccess: refresh }),
    remove: useRouteMutation(captionsContract.remove, { onSuccess: refresh }),
  };
}
