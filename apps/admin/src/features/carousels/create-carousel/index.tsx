import { carouselsContract } from '@popstage/core/carousels';
import { routeQueryOptions } from '../../../lib/api/hooks';
import type { ScreenLoader } from '../../../lib/screen';
import { CarouselFormPage } from '../CarouselFormPage';

/** /popclips/create-carousel (spec 02 §2). */
export function Component() {
  return <CarouselFormPage mode="create" />;
}

/** The shop's carousels give the title suggestion ("My Carousel 2"). */
export const loader: ScreenLoader = ({ api, queryClient, shopDomain }) => {
  void queryClient.prefetchQuery(
    routeQueryOptions(api, carouselsContract.list, { query: { customerId: shopDomain } }),
  );
};
