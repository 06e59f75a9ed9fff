import { parseGid } from '../store/gid';
import type { PlatformProduct } from '../store/types';

/**
 * The products/update webhook Shopify sends when a product is saved, built from a sandbox
 * product: the REST Product resource's main fields (sent signed by webhooks/delivery.ts).
 * https://shopify.dev/docs/api/admin-rest/latest/resources/product
 */

export const PRODUCTS_UPDATE_TOPIC = 'products/update';

const numericId = (type: 'Product' | 'ProductVariant', gid: string): number => {
  const id = parseGid(type, gid);
  if (id === null) throw new Error(`${gid} is not a sandbox ${type} id`);
  return id;
};

export function productUpdatedPayload(product: PlatformProduct, updatedAt: Date) {
  const id = numericId('Product', product.id);
  const updated = updatedAt.toISOString();
  const images = product.images.map((image, index) => ({
    product_id: id,
    position: index + 1,
    alt: image.altText,
    src: image.url,
  }));
  return {
    id,
    admin_graphql_api_id: product.id,
    title: product.title,
    body_html: product.description,
    vendor: product.vendor,
    product_type: product.productType,
    handle: product.handle,
    created_at: product.createdAt,
    updated_at: updated,
    published_at: product.status === 'ACTIVE' ? product.createdAt : null,
    published_scope: 'global',
    template_suffix: null,
    status: product.status.toLowerCase(),
    tags: product.tags.join(', '),
    variants: product.variants.map((variant, index) => {
      const variantId = numericId('ProductVariant', variant.id);
      return {
        id: variantId,
        admin_graphql_api_id: variant.id,
        product_id: id,
        title: variant.title,
        price: variant.price,
        compare_at_price: variant.compareAtPrice,
        sku: variant.sku,
        position: index + 1,
        inventory_policy: 'deny',
        inventory_management: 'shopify',
        inventory_quantity: variant.inventoryQuantity,
        created_at: product.createdAt,
        updated_at: updated,
      };
    }),
    images,
    image: images[0] ?? null,
  };
}
