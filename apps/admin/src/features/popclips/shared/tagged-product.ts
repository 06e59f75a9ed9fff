import type { ProductPickerItem } from '@popstage/core/catalogue';
import type { RouteInput } from '@popstage/core/contract';
import type { PopclipProduct, popclipsContract } from '@popstage/core/popclips';

/** A tagged product as the clip calls send it. */
type WireProduct = RouteInput<
  typeof popclipsContract.csUpdateMedia
>['body']['metaData']['products'][number];

/** A product tagged on the form: what the picker or the stored clip tells us. */
export interface TaggedProduct {
  id: string;
  title: string;
  handle: string;
  imageUrl: string | null;
  /** The stored storefront URL (edit); new tags get one from the shop's domain. */
  url: string | null;
}

export function fromPickerItem(item: ProductPickerItem): TaggedProduct {
  return { id: item.id, title: item.title, handle: item.handle, imageUrl: item.imgSrc, url: null };
}

export function fromStoredProduct(product: PopclipProduct): TaggedProduct {
  return {
    id: product.shopifyProductId,
    title: product.title ?? product.shopifyProductHandle,
    handle: product.shopifyProductHandle,
    imageUrl: product.defaultImage,
    url: product.shopifyProductUrl,
  };
}

/** The wire shape; the server re-reads handle, URL and image from the store by id anyway. */
export function toWireProduct(product: TaggedProduct, storefrontOrigin: string): WireProduct {
  const origin = storefrontOrigin.replace(/\/+$/, '');
  return {
    shopifyProductId: product.id,
    shopifyProductHandle: product.handle,
    shopifyProductUrl: product.url ?? `${origin}/products/${product.handle}`,
    defaultImage: product.imageUrl,
  };
}
