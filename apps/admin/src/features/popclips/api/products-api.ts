import type { CatalogueProductsResponse } from '@popstage/core/popclips';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api/ApiContext';

/** The product picker: 10 published products a page, by title words (GET /api/catalogue/products). */
export function useProductSearch(query: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['catalogue', 'products', query],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ query });
      if (pageParam) params.set('after', pageParam);
      return api.get<CatalogueProductsResponse>(`/api/catalogue/products?${params}`, { signal });
    },
    getNextPageParam: (last) =>
      last.pageInfo.hasNextPage && last.pageInfo.endCursor ? last.pageInfo.endCursor : undefined,
    staleTime: 60_000,
  });
}
