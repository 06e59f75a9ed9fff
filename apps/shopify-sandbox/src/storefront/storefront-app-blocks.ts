import type { SandboxContext } from '../context';
import { APP_NAMESPACE } from '../store/gid';
import type { SandboxStore } from '../store/store';
import type { PlatformProduct, PlatformShop } from '../store/types';
import { appMetafieldsForLiquid } from '../theme/app-metafields-liquid';
import type { RenderedAppPage } from '../theme/render-app-blocks';

type SandboxTheme = SandboxContext['theme'];

/** The templates of the sandbox theme a page renders with (Shopify's `template.name`). */
export type StorefrontTemplate = 'index' | 'product' | 'collection' | 'page' | 'cart';

/**
 * What the app puts on one page of the sandbox theme: its embed and the page template's app
 * blocks, rendered from the theme app extension's Liquid (extensions/popstage) with the theme's
 * state, the app's app-data metafields and the product's clip_count, as Shopify renders them.
 */
export async function renderAppBlocks(
  theme: SandboxTheme,
  sandbox: SandboxStore,
  shop: PlatformShop,
  template: StorefrontTemplate,
  product?: PlatformProduct,
): Promise<RenderedAppPage> {
  const [state, appMetafields, clipCount] = await Promise.all([
    theme.states.load(shop.domain),
    sandbox.appDataMetafields(shop.domain),
    product ? sandbox.productClipCount(shop.domain, product.id) : Promise.resolve(0),
  ]);
  return theme.renderer.renderPage(state, {
    shop: {
      permanentDomain: shop.domain,
      name: shop.name,
      currency: shop.currency,
      domain: new URL(shop.primaryDomainUrl).host,
    },
    template,
    ...(product
      ? {
          product: {
            id: Number(product.id.slice(product.id.lastIndexOf('/') + 1)),
            handle: product.handle,
            title: product.title,
            // Stored under the app's reserved namespace; extension Liquid may say `$app`.
            metafields: appOwned({ clip_count: { type: 'number_integer', value: clipCount } }),
          },
        }
      : {}),
    appMetafields: appMetafieldsForLiquid(appMetafields),
  });
}

/** The app's metafields as Liquid finds them: by `app--<id>` and by the `$app` prefix. */
function appOwned<T>(fields: T): Record<string, T> {
  return { [APP_NAMESPACE]: fields, $app: fields };
}
