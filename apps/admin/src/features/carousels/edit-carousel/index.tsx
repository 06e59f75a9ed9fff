import type { ScreenLoader } from '../../../lib/screen';
import { CarouselFormPage } from '../CarouselFormPage';
import { carouselOptions, carouselsListOptions } from '../data';

/** /popclips/edit-carousel?id={carousel_id} (spec 02 §2). */
export function Component() {
  return <CarouselFormPage mode="edit" />;
}

export const loader: ScreenLoader = ({ api, queryClient, shopDomain }, { request }) => {
  void queryClient.prefetchQuery(carouselsListOptions(api, shopDomain));
  const id = new URL(request.url).searchParams.get('id');
  if (id) void queryClient.prefetchQuery(carouselOptions(api, id));
};
