import { join } from 'node:path';
import { generateClip, SHORT_CLIP } from '@popstage/testkit/clip';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const STORE = `${localShopify(BASE)}/sandbox/store/${DEMO}`;
const TITLE = 'Shop the look';

const session = journeySession(BASE, DEMO);

describe('sandbox store checkout', () => {
  it('adds a clip’s product to the cart from the player, checks out and shows the order as a direct sale', async () => {
    const { page, browser, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-premium']);
    const api = shopApi(page.request, BASE, DEMO);
    await api('POST', '/api/shopify/shop/popclips/settings', {
      hidePopClipsOnPDP: false,
      showViewsOnPopClips: true,
      showLikesOnPopClips: true,
      enableShopFeaturesBuyBtn: true,
    });
    // A published product the store can sell (its product page offers the add-to-cart form).
    const products = await api<{ data: { id: string; handle: string; title: string }[] }>(
      'GET',
      '/api/catalogue/products?query=',
    );
    let product: (typeof products.data)[number] | undefined;
    for (const candidate of products.data) {
      const productPage = await page.request.get(`${STORE}/products/${candidate.handle}`);
      if ((await productPage.text()).includes('>Add to cart</button>')) {
        product = candidate;
        break;
      }
    }
    if (!product) throw new Error('no published product in stock');
    const file = await generateClip(join(workDir, 'look.mp4'), { ...SHORT_CLIP, hue: 200 });
    const clipId = await uploadClip(page.request, BASE, DEMO, TITLE, file, product);
    await waitUntilProcessed(page.request, BASE, DEMO, clipId);
    await api('POST', '/api/shopify/shop/featured-popclip', { popclip_id: clipId });

    // A shopper in a fresh browser: the featured clip, then its product card's Add to cart.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const shopper = await context.newPage();
      await shopper.goto(STORE);
      await expect.poll(() => shopper.locator('#cart-count').textContent()).toBe('0');
      await shopper.getByRole('button', { name: `Play featured video: ${TITLE}` }).click();
      const viewer = shopper.getByRole('dialog', { name: TITLE });
      await viewer.waitFor();
      const added = shopper.waitForResponse(
        (r) => r.url().endsWith('/cart/add.js') && r.request().method() === 'POST',
      );
      await viewer.getByRole('button', { name: `Add to cart: ${product.title}` }).click();
      expect((await added).status()).toBe(200);
      await viewer.getByRole('button', { name: `Added to cart: ${product.title}` }).waitFor();
      // The theme's header count follows the widget's add.
      await expect.poll(() => shopper.locator('#cart-count').textContent()).toBe('1');
      await viewer.getByRole('button', { name: 'Close' }).click();

      await shopper.getByRole('link', { name: /^Cart \(1\)$/ }).click();
      await shopper.waitForURL(`${STORE}/cart`);
      await shopper.getByRole('heading', { name: 'Your cart' }).waitFor();
      await shopper.getByRole('link', { name: product.title }).waitFor();
      await screenshot(shopper, 'storefront-cart');

      await shopper.getByRole('button', { name: 'Check out' }).click();
      await shopper.waitForURL(new RegExp(`${STORE}/orders/\\d+$`));
      await shopper.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      await shopper.getByText('Order #1001 is confirmed').waitFor();
      // The shopper's confirmation says nothing of Popstage's credit: that is the merchant's.
      expect(await shopper.getByRole('region', { name: 'Popstage attribution' }).count()).toBe(0);
      await screenshot(shopper, 'storefront-order');
      const orderId = new URL(shopper.url()).pathname.split('/').pop() ?? '';
      const merchant = await context.newPage();
      await merchant.goto(`${STORE}/admin/orders/${orderId}`);
      const panel = merchant.getByRole('region', { name: 'Popstage attribution' });
      await expect
        .poll(async () => {
          await merchant.reload();
          return panel.getByText('Direct', { exact: true }).count();
        })
        .toBe(1);
      await expect.poll(() => panel.locator('code').textContent()).toBe(clipId);
      await expect
        .poll(() => panel.locator('tbody td').first().textContent())
        .toContain(product.title);
      await screenshot(merchant, 'store-admin-order');
      await merchant.close();

      // After checkout the cart is a new, empty one; the theme's own product form fills it.
      await shopper.goto(`${STORE}/cart`);
      await shopper.getByText('Your cart is empty.').waitFor();
      await shopper.goto(`${STORE}/products/${product.handle}`);
      // The product block of the theme extension, filled by the widget with the product's clip.
      await shopper
        .locator(`[data-popstage-product] [aria-label="Play video: ${TITLE}"]`)
        .waitFor();
      await screenshot(shopper, 'storefront-product');
      await shopper.getByLabel('Quantity').fill('2');
      await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await shopper.waitForURL(`${STORE}/cart`);
      await expect.poll(() => shopper.locator('#cart-count').textContent()).toBe('2');
    } finally {
      await context.close();
    }
  }, 240_000);
});
