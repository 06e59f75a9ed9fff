export type { Carousel, CarouselCreateBody, CarouselEmbed, CarouselUpdateBody } from './contract';
export {
  CAROUSEL_MAX_CLIPS,
  CAROUSEL_TITLE_MAX_LENGTH,
  carouselCreateSchema,
  carouselEmbedSchema,
  carouselSchema,
  carouselsContract,
  carouselUpdateSchema,
} from './contract';
export type { CarouselType } from './rules';
export {
  CAROUSEL_TYPES,
  carouselEmbedHtml,
  carouselFormError,
  carouselOrder,
  carouselsUnpublishedByDelete,
  unpublishWarning,
} from './rules';
