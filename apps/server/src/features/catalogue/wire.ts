import type { CatalogueCollection, ProductPickerItem } from '@popstage/core/catalogue';
import type { PlatformCollection, PlatformProduct } from '../../platform/port';

export function toPickerItem(product: PlatformProduct): ProductPickerItem {
  const image = product.images[0];
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    handle: product.handle,
    createdAt: product.createdAt,
    amount: product.priceRange.min,
    currencyCode: product.priceRange.currencyCode,
    imgSrc: image?.url ?? null,
    imgAlt: image ? image.altText || product.title : null,
  };
}

export function toCollectionWire({
  id,
  title,
  handle,
  productsCount,
}: PlatformCollection): CatalogueCollection {
  return { id, title, handle, productsCount };
}
