import type { PlatformVariant, ProductStatus } from './types';

/**
 * The product changes a merchant makes in Shopify's admin that decide whether a product's page
 * shows clips: its stock and its status (the /sandbox control page's "Products" form).
 */
export const SANDBOX_PRODUCT_EDITS = [
  'sell_out',
  'restock',
  'activate',
  'draft',
  'archive',
] as const;
export type SandboxProductEdit = (typeof SANDBOX_PRODUCT_EDITS)[number];

/** What a restocked variant that had none holds. */
export const RESTOCK_QUANTITY = 10;

/** The product's new status and variants; availableForSale follows stock, as generated. */
export function applyProductEdit(
  product: { status: ProductStatus; variants: PlatformVariant[] },
  edit: SandboxProductEdit,
): { status: ProductStatus; variants: PlatformVariant[] } {
  const { status, variants } = product;
  switch (edit) {
    case 'sell_out':
      return {
        status,
        variants: variants.map((v) => ({ ...v, inventoryQuantity: 0, availableForSale: false })),
      };
    case 'restock':
      return {
        status,
        variants: variants.map((v) =>
          v.inventoryQuantity > 0
            ? v
            : { ...v, inventoryQuantity: RESTOCK_QUANTITY, availableForSale: true },
        ),
      };
    case 'activate':
      return { status: 'ACTIVE', variants };
    case 'draft':
      return { status: 'DRAFT', variants };
    case 'archive':
      return { status: 'ARCHIVED', variants };
  }
}
