import { carouselsContract } from '@popstage/core/carousels';
import { routeQueryOptions } from '../../../lib/api/hooks';
import type { ScreenLoader } from '../../../lib/screen';
import { CarouselFormPage } from '../CarouselFormPage';

/** /popclips/edit-carousel?id={carousel_id} (spec 02 §2). */
export function Component() {
  return <CarouselFormPage mode="edit" />;
}

export const loader: ScreenLoader = ({ api, queryClient, shopDomain }, { request }) => {
  void queryClient.prefetchQuery(
    routeQueryOptions(api, carouselsContract.list, { query: { customerId: shopDomain } }),
  );
  const id = new URL(request.url).searchParams.get('id');
  if (id) {
    void queryClient.prefetchQuery(
      routeQueryOptions(api, carouselsContract.get, { params: { carousel_id: id } }),
    );
  }
};
