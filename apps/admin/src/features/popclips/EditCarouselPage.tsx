import { CarouselFormPage } from '../carousels/CarouselFormPage';

/** /popclips/edit-carousel?id={carousel_id} (spec 02 §2). */
export function EditCarouselPage() {
  return <CarouselFormPage mode="edit" />;
}
