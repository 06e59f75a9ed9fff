import type { CollectionWithProducts, MobileMenu } from '@popstage/core/mobile';
import type {
  StorefrontCollection,
  StorefrontMenu,
  StorefrontProduct,
} from '../../platform/shopify/storefront';

export const toCollectionWire = (
  collection: StorefrontCollection & { products: StorefrontProduct[] },
): CollectionWithProducts => ({
  id: collection.id,
  title: collection.title,
  handle: collection.handle,
  products: collection.products.map((product) => ({ ...product })),
});

export const toMenuWire = (menu: StorefrontMenu): MobileMenu => ({
  handle: menu.handle,
  title: menu.title,
  items: menu.items,
});
