import type { ProductPickerItem } from '@popstage/core/popclips';
import type { Carousel, CarouselType } from '@popstage/core/carousels';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api/ApiContext';
import type { ApiClient } from '../../../lib/api/client';

/**
 * Carousel calls of spec 02 §7 (docs/api.md "Carousels, settings, share links"). Answers may come
 * bare or wrapped in `data`; both are read.
 */

export const carouselsQueryKey = ['popclips', 'carousels'] as const;

export function unwrap<T>(answer: T | { data: T }): T {
  return answer && typeof answer === 'object' && 'data' in answer
    ? (answer as { data: T }).data
    : (answer as T);
}

export function useCarousels(customerId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: [...carouselsQueryKey, customerId],
    enabled,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<Carousel[] | { data: Carousel[] }>(
          `/api/popclips/carousels?customerId=${encodeURIComponent(customerId)}`,
          { signal },
        ),
      ),
  });
}

/** The body of POST (create, no id) and PUT (update) /api/popclips/carousels. */
export interface CarouselBody {
  carousel_id?: string;
  customer_id: string;
  carousel_title: string;
  carousel_type: CarouselType;
  carousel_type_ids: string[];
  sorted_popclips_ids?: string[];
  is_published?: boolean;
}

export type SavedCarousel = Pick<
  Carousel,
  'carousel_id' | 'updated_at' | 'sorted_popclips_ids' | 'carousel_type_ids'
> &
  Partial<Carousel>;

export async function saveCarousel(api: ApiClient, body: CarouselBody): Promise<SavedCarousel> {
  const answer = body.carousel_id
    ? await api.put<SavedCarousel | { data: SavedCarousel }>('/api/popclips/carousels', body)
    : await api.post<SavedCarousel | { data: SavedCarousel }>('/api/popclips/carousels', body);
  return unwrap(answer);
}

/** GET /api/popclips/carousels/{carousel_id}: the edit page's carousel (404 'Carousel not found.'). */
export function useCarousel(carouselId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...carouselsQueryKey, 'one', carouselId],
    enabled: carouselId !== null,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<Carousel | { data: Carousel }>(
          `/api/popclips/carousels/${encodeURIComponent(carouselId ?? '')}`,
          { signal },
        ),
      ),
  });
}

/** POST /api/popclips/carousels/{carousel_id}/publish: the publish-steps modal's last step. */
export async function publishCarousel(api: ApiClient, carouselId: string, customerId: string) {
  return unwrap(
    await api.post<Carousel | { data: Carousel }>(
      `/api/popclips/carousels/${encodeURIComponent(carouselId)}/publish`,
      { customer_id: customerId, is_published: true },
    ),
  );
}

export function deleteCarousel(api: ApiClient, carouselId: string, customerId: string) {
  return api.delete<unknown>(
    `/api/popclips/carousels/${encodeURIComponent(carouselId)}?customerId=${encodeURIComponent(customerId)}`,
  );
}

/** GET /api/catalogue/collections?query=: the first 20 collections. */
export interface CatalogueCollection {
  id: string;
  title: string;
  handle: string;
  productsCount: number;
}

export function useCollections(query: string, enabled: boolean) {
  const api = useApi();
  return useQuery<CatalogueCollection[]>({
    queryKey: ['catalogue', 'collections', query],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<CatalogueCollection[]> =>
      unwrap(
        await api.get<CatalogueCollection[] | { data: CatalogueCollection[] }>(
          `/api/catalogue/collections?query=${encodeURIComponent(query)}`,
          { signal },
        ),
      ),
  });
}

/** The first products of a collection, for the preview (spec 02 §9: 5). */
export function useCollectionPreview(collectionId: string | null, first: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['catalogue', 'collection-products', collectionId, first],
    enabled: collectionId !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<ProductPickerItem[] | { data: ProductPickerItem[] }>(
          `/api/catalogue/collections/${encodeURIComponent(collectionId ?? '')}/products?first=${first}`,
          { signal },
        ),
      ),
  });
}
