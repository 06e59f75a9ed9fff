import { readFileSync } from 'node:fs';
import { PRODUCT_ROW_MIN_HEIGHT } from '@popstage/core/storefront';
import { describe, expect, it } from 'vitest';
import { productBlock } from './storefront-page';

const LIQUID = readFileSync(
  new URL('../../../../../extensions/popstage/blocks/product.liquid', import.meta.url),
  'utf8',
);
const PRODUCT = 'gid://shopify/Product/1001';

describe('the sandbox product block', () => {
  it('reserves the widget row only when the product has clips, like product.liquid', () => {
    expect(productBlock(PRODUCT, 0).value).toBe(
      `<div class="popstage-product" data-popstage-product="${PRODUCT}" data-popstage-label="Videos of this product"></div>`,
    );
    expect(productBlock(PRODUCT, 2).value).toBe(
      `<div class="popstage-product" data-popstage-product="${PRODUCT}" data-popstage-label="Videos of this product" style="min-height: ${PRODUCT_ROW_MIN_HEIGHT}"></div>`,
    );
  });

  it('uses the same metafield, condition and height as the theme block', () => {
    expect(LIQUID).toContain(
      "assign clip_count = product.metafields['$app'].clip_count.value | default: 0",
    );
    expect(LIQUID).toContain(
      `{% if clip_count > 0 %}style="min-height: ${PRODUCT_ROW_MIN_HEIGHT}"{% endif %}`,
    );
  });
});
