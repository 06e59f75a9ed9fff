import { describe, expect, it } from 'vitest';
import type { StorefrontPage } from './liquid-objects';
import { type AppBlockDefinition, loadThemeApp } from './load-theme-app';
import { createThemeRenderer } from './render-app-blocks';
import { emptyThemeState, type ThemeState } from './theme-state';

const app = loadThemeApp();
const renderer = createThemeRenderer(app);

function block(handle: string): AppBlockDefinition {
  const found = app.blocks.find((definition) => definition.handle === handle);
  if (!found) throw new Error(`no block ${handle}`);
  return found;
}

const shop = { permanentDomain: 'demo.myshopify.com', name: 'Demo', currency: 'EUR' };
const appMetafields = {
  popstage: { app_url: { type: 'url', value: 'https://app.example' } },
};
const home: StorefrontPage = { shop, template: 'index', appMetafields };
const productPage = (clipCount?: number): StorefrontPage => ({
  shop,
  template: 'product',
  appMetafields,
  product: {
    id: 8123456789,
    handle: 'red-dress',
    title: 'Red dress',
    metafields:
      clipCount === undefined
        ? {}
        : { $app: { clip_count: { type: 'number_integer', value: clipCount } } },
  },
});

// The loader reads data-shop and data-app-url from its own script tag and the widget finds its
// places by `[data-popstage-carousel]` / `[data-popstage-product]` (apps/widget/src/loader.ts).
// The embed is in the head: the loader is async, never parser-blocking.
const widgetScript = (html: string) =>
  /<script\s+src="([^"]*popstage-loader\.js)"\s+data-shop="([^"]*)"\s+data-app-url="([^"]*)"\s+async\s*><\/script>/.exec(
    html,
  );
const attribute = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

describe('app embed', () => {
  it("loads the extension's loader, async, with the shop and the app_url metafield", async () => {
    const html = await renderer.renderBlock(block('app-embed'), { id: '1', settings: {} }, home);
    expect(widgetScript(html)?.slice(1)).toEqual([
      '/sandbox/extensions/popstage/assets/popstage-loader.js',
      'demo.myshopify.com',
      'https://app.example',
    ]);
    expect(html).toContain('<link rel="preconnect" href="https://app.example" crossorigin>');
  });

  it("preloads the shop's feed as the loader fetches it (cors, same-origin credentials), at high priority", async () => {
    const html = await renderer.renderBlock(block('app-embed'), { id: '1', settings: {} }, home);
    const preload =
      /<link\s+rel="preload"\s+as="fetch"\s+href="([^"]*)"\s+crossorigin="anonymous"\s+fetchpriority="high"\s*>/.exec(
        html,
      );
    expect(preload?.[1]).toBe('https://app.example/storefront/v1/shops/demo.myshopify.com/feed');
  });

  it('takes the script origin from the app-owned metafield only, never from a setting', async () => {
    const settings = { app_url: 'https://elsewhere.example' };
    const html = await renderer.renderBlock(block('app-embed'), { id: '1', settings }, home);
    expect(widgetScript(html)?.[3]).toBe('https://app.example');
  });

  it('renders nothing without an app URL', async () => {
    const page = { ...home, appMetafields: {} };
    const html = await renderer.renderBlock(block('app-embed'), { id: '1', settings: {} }, page);
    expect(html.trim()).toBe('');
  });
});

describe('carousel block', () => {
  it('marks the place of every clip by default, with the translated label and the reserve', async () => {
    const html = await renderer.renderBlock(block('carousel'), { id: 'c', settings: {} }, home);
    expect(attribute(html, 'data-popstage-carousel')).toBe('all');
    expect(attribute(html, 'data-popstage-label')).toBe('Shoppable videos');
    expect(attribute(html, 'style')).toBe('min-height: calc(min(42vw, 200px) * 16 / 9 + 5em)');
  });

  it('names the carousel of its setting, escaped', async () => {
    const settings = { carousel_id: ' car_1"><b ' };
    const html = await renderer.renderBlock(block('carousel'), { id: 'c', settings }, home);
    expect(attribute(html, 'data-popstage-carousel')).toBe('car_1&quot;&gt;&lt;b');
    expect(html).not.toContain('"><b');
  });

  it('falls back to all when the setting is emptied', async () => {
    const html = await renderer.renderBlock(
      block('carousel'),
      { id: 'c', settings: { carousel_id: '' } },
      home,
    );
    expect(attribute(html, 'data-popstage-carousel')).toBe('all');
  });
});

describe('product block', () => {
  it("names the product's gid and reserves the row when the product has clips", async () => {
    const html = await renderer.renderBlock(
      block('product'),
      { id: 'p', settings: {} },
      productPage(3),
    );
    expect(attribute(html, 'data-popstage-product')).toBe('gid://shopify/Product/8123456789');
    expect(attribute(html, 'data-popstage-label')).toBe('Videos of this product');
    expect(attribute(html, 'style')).toBe(
      'min-height: calc(min(42vw, 200px) * 16 / 9 + 26px + 1.17em)',
    );
  });

  it('takes no room when the clip count is 0 or unset', async () => {
    for (const count of [0, undefined]) {
      const html = await renderer.renderBlock(
        block('product'),
        { id: 'p', settings: {} },
        productPage(count),
      );
      expect(attribute(html, 'data-popstage-product')).toBe('gid://shopify/Product/8123456789');
      expect(html).not.toContain('style=');
    }
  });

  it('renders nothing off a product page', async () => {
    const html = await renderer.renderBlock(block('product'), { id: 'p', settings: {} }, home);
    expect(html.trim()).toBe('');
  });
});

describe('renderPage', () => {
  const state = (embedDisabled: boolean): ThemeState => ({
    ...emptyThemeState(),
    embeds: [{ id: '101', type: block('app-embed').type, disabled: embedDisabled, settings: {} }],
    templates: {
      index: [
        { id: 'c2', type: block('carousel').type, settings: { carousel_id: 'car_2' } },
        { id: 'c1', type: block('carousel').type, settings: { carousel_id: 'car_1' } },
        // Not allowed on the home page: Shopify does not render it there.
        { id: 'p1', type: block('product').type, settings: {} },
      ],
      product: [{ id: 'p1', type: block('product').type, settings: {} }],
    },
  });

  it('puts the enabled head embed in the head, unwrapped, and the blocks in order, wrapped as Shopify does', async () => {
    const page = await renderer.renderPage(state(false), home);
    expect(widgetScript(page.head)?.[3]).toBe('https://app.example');
    expect(page.head).not.toContain('shopify-block');
    expect(page.bodyEnd).toBe('');
    expect(page.blocks.map((rendered) => rendered.id)).toEqual(['c2', 'c1']);
    expect(page.blocks[0]?.html).toMatch(
      /^<div id="shopify-block-c2" class="shopify-block shopify-app-block">/,
    );
    expect(attribute(page.blocks[1]?.html ?? '', 'data-popstage-carousel')).toBe('car_1');
  });

  it('renders no embed once it is switched off, and the product block on product pages', async () => {
    const page = await renderer.renderPage(state(true), productPage(2));
    expect(page.bodyEnd).toBe('');
    expect(page.blocks.map((rendered) => rendered.id)).toEqual(['p1']);
  });

  it('marks blocks for the theme editor in design mode only', async () => {
    const live = await renderer.renderPage(state(false), home);
    expect(live.blocks[0]?.html).not.toContain('data-shopify-editor-block');
    const design = await renderer.renderPage(state(false), { ...home, designMode: true });
    expect(attribute(design.blocks[0]?.html ?? '', 'data-shopify-editor-block')).toBe(
      `{&quot;id&quot;:&quot;c2&quot;,&quot;type&quot;:&quot;${block('carousel').type}&quot;}`,
    );
  });
});
