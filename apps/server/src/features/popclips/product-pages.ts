import type { PopclipRow } from '../../db/schema';

/** A clip the storefront feed carries: editing or deleting it can change product-page counts. */
export function showsOnProductPages(row: PopclipRow): boolean {
  return row.status === 'processed' && !row.isPrivate;
}

/** Whether an edit changed what the counts read: the tagged products or the display targets. */
export function productPagesDiffer(before: PopclipRow, after: PopclipRow): boolean {
  const products = (row: PopclipRow) => row.products.map((p) => p.shopifyProductId).join(' ');
  return (
    products(before) !== products(after) ||
    before.displayTargets.join(' ') !== after.displayTargets.join(' ')
  );
}
