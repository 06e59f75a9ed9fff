import { type AppBlockDefinition, loadThemeApp } from '../theme/load-theme-app';
import type { sandboxMenus, sandboxPages, sandboxThemes } from './schema';
import type { SandboxShopDefinition } from './shop-definitions';
import type { MenuItem } from './types';

/** The non-catalogue parts of a fresh store: navigation menus, store pages and themes. */

const link = (title: string, url: string, type: string, items: MenuItem[] = []): MenuItem => ({
  title,
  url,
  type,
  items,
});

export function storeMenus(def: SandboxShopDefinition): (typeof sandboxMenus.$inferInsert)[] {
  return [
    {
      id: def.idBase + 1,
      shopDomain: def.domain,
      handle: 'main-menu',
      title: 'Main menu',
      items: [
        link('Home', '/', 'FRONTPAGE'),
        link('Shop', '/collections/all', 'CATALOG', [
          link('Women', '/collections/women', 'COLLECTION'),
          link('Men', '/collections/men', 'COLLECTION'),
          link('Accessories', '/collections/accessories', 'COLLECTION'),
          link('Home & Living', '/collections/home-living', 'COLLECTION'),
          link('Beauty & Wellness', '/collections/beauty-wellness', 'COLLECTION'),
        ]),
        link('New arrivals', '/collections/new-arrivals', 'COLLECTION'),
        link('Sale', '/collections/sale', 'COLLECTION'),
        link('About us', '/pages/about-us', 'PAGE'),
      ],
    },
    {
      id: def.idBase + 2,
      shopDomain: def.domain,
      handle: 'footer',
      title: 'Footer menu',
      items: [
        link('Search', '/search', 'SEARCH'),
        link('About us', '/pages/about-us', 'PAGE'),
        link('Contact', '/pages/contact', 'PAGE'),
        link('FAQ', '/pages/faq', 'PAGE'),
        link('Shipping policy', '/policies/shipping-policy', 'SHOP_POLICY'),
        link('Refund policy', '/policies/refund-policy', 'SHOP_POLICY'),
      ],
    },
  ];
}

export function storePages(def: SandboxShopDefinition): (typeof sandboxPages.$inferInsert)[] {
  const page = (offset: number, title: string, handle: string, body: string) => ({
    id: def.idBase + offset,
    shopDomain: def.domain,
    title,
    handle,
    body,
    createdAt: new Date(def.createdAt),
  });
  return [
    page(
      1,
      'About us',
      'about-us',
      `<p>${def.name} started with a simple idea: fewer, better things, made to last.</p>`,
    ),
    page(
      2,
      'Contact',
      'contact',
      `<p>Questions about an order? Write to <a href="mailto:${def.email}">${def.email}</a>; we answer within one business day.</p>`,
    ),
    page(
      3,
      'FAQ',
      'faq',
      '<h2>When will my order ship?</h2><p>Within two business days.</p><h2>Can I return an item?</h2><p>Yes, within 30 days of delivery.</p>',
    ),
  ];
}

let productBlockOnce: AppBlockDefinition | undefined | null = null;
/** The extension's product block, read from extensions/ once per process (every seed and reset asks). */
function productBlock(): AppBlockDefinition | undefined {
  if (productBlockOnce === null) {
    productBlockOnce = loadThemeApp().blocks.find((block) => block.handle === 'product');
  }
  return productBlockOnce;
}

/**
 * Embed off at first start: switching it on is step 1 of the onboarding wizard. The published
 * theme has the app's product block on its product template already (as a merchant who added it
 * in the theme editor), so clips show on product pages once the embed is on.
 */
export function storeThemes(def: SandboxShopDefinition): (typeof sandboxThemes.$inferInsert)[] {
  const product = productBlock();
  return [
    {
      id: def.idBase + 1,
      shopDomain: def.domain,
      name: 'Dawn',
      role: 'MAIN',
      appEmbedEnabled: false,
      appBlocks: {
        embedSettings: {},
        templates: {
          index: [],
          product: product ? [{ id: 'popstage-product', type: product.type, settings: {} }] : [],
        },
      },
    },
    {
      id: def.idBase + 2,
      shopDomain: def.domain,
      name: 'Sense',
      role: 'UNPUBLISHED',
      appEmbedEnabled: false,
    },
  ];
}
