import { catalogueContract } from '@popstage/core/catalogue';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api/ApiContext';
import { type CacheKeys, routeKey, useRouteQuery } from '../../lib/api/hooks';

export const cacheKeys: CacheKeys = {
  queries: [routeKey(catalogueContract.products), routeKey(catalogueContract.collections)],
  invalidates: [],
};

/** The product picker: 10 published products a page, by title words, with cursors. */
export function useProductSearch(query: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: routeKey(catalogueContract.products, { query }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        catalogueContract.products,
        { query: { query, ...(pageParam ? { after: pageParam } : {}) } },
        { signal },
      ),
    getNextPageParam: (last) =>
      last.pageInfo.hasNextPage && last.pageInfo.endCursor ? last.pageInfo.endCursor : undefined,
    staleTime: 60_000,
  });
}

/** The first page of the catalogue's products, unfiltered (a show's products on air). */
export function useFirstProducts() {
  return useRouteQuery(catalogueContract.products, { query: {} });
}

/** The first 20 collections whose title matches. */
export function useCollections(query: string, enabled: boolean) {
  return useRouteQuery(
    catalogueContract.collections,
    { query: { query } },
    { enabled, placeholderData: keepPreviousData, select: (answer) => answer.data },
  );
}
