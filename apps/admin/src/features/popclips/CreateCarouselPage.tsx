import { CarouselFormPage } from '../carousels/CarouselFormPage';

/** /popclips/create-carousel (spec 02 §2). */
export function CreateCarouselPage() {
  return <CarouselFormPage mode="create" />;
}
