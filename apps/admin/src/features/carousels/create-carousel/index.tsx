import type { ScreenLoader } from '../../../lib/screen';
import { CarouselFormPage } from '../CarouselFormPage';
import { carouselsListOptions } from '../data';

/** /popclips/create-carousel (spec 02 §2). */
export function Component() {
  return <CarouselFormPage mode="create" />;
}

/** The shop's carousels give the title suggestion ("My Carousel 2"). */
export const loader: ScreenLoader = ({ api, queryClient, shopDomain }) => {
  void queryClient.prefetchQuery(carouselsListOptions(api, shopDomain));
};
