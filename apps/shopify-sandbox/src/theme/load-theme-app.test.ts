import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAvailableOnTemplate } from './block-schema';
import { loadThemeApp } from './load-theme-app';
import { schemaText } from './locales';
import { createThemeRenderer } from './render-app-blocks';

describe("the repository's extension", () => {
  const app = loadThemeApp();
  const [extension] = app.extensions;

  it('holds the four popstage blocks under the app handle of shopify.app.toml', () => {
    expect(app.appHandle).toBe('popstage');
    expect(extension?.handle).toBe('popstage');
    expect(extension?.uid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(loadThemeApp().extensions[0]?.uid).toBe(extension?.uid);
    expect(app.blocks.map((block) => [block.type, block.schema.target])).toEqual([
      [`shopify://apps/popstage/blocks/app-embed/${extension?.uid}`, 'head'],
      [`shopify://apps/popstage/blocks/carousel/${extension?.uid}`, 'section'],
      [`shopify://apps/popstage/blocks/live-show/${extension?.uid}`, 'section'],
      [`shopify://apps/popstage/blocks/product/${extension?.uid}`, 'section'],
    ]);
  });

  it('places the carousel on home and product pages and the product block on product pages only', () => {
    const where = (handle: string) =>
      ['index', 'product'].filter((template) => {
        const block = app.blocks.find((entry) => entry.handle === handle);
        return block && isAvailableOnTemplate(block.schema, template);
      });
    expect(where('carousel')).toEqual(['index', 'product']);
    expect(where('product')).toEqual(['product']);
    expect(where('app-embed')).toEqual([]);
  });

  it('translates schema labels from the schema locales and cuts the schema out of the Liquid', () => {
    const carousel = app.blocks.find((block) => block.handle === 'carousel');
    const schemaLocales = extension?.locales.schema;
    if (!carousel || !schemaLocales) throw new Error('no carousel');
    expect(schemaText(schemaLocales, 'fr', carousel.schema.name)).toBe('Popstage carousel');
    expect(schemaText(schemaLocales, 'en', carousel.schema.settings[0]?.label)).toBe('Carousel ID');
    expect(carousel.schema.settings[0]?.default).toBe('all');
    expect(carousel.liquid).not.toContain('schema');
  });
});

describe('an extension folder', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function write(file: string, text: string) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }

  function block(name: string, schema: object, liquid = '') {
    return `${liquid}{% schema %}${JSON.stringify({ name, target: 'section', settings: [], ...schema })}{% endschema %}`;
  }

  it('takes the uid from the toml, reads enabled_on / disabled_on, locales and the t filter', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'theme-ext-'));
    write(
      'shop-app/shopify.extension.toml',
      'name = "Shop App"\ntype = "theme"\nuid = "1234-abcd"\n',
    );
    write('functions/shopify.extension.toml', 'name = "discounts"\ntype = "function"\n');
    write(
      'shop-app/blocks/anywhere.liquid',
      block('Anywhere', { enabled_on: { templates: ['*'] } }),
    );
    write(
      'shop-app/blocks/not-home.liquid',
      block(
        'Not home',
        { disabled_on: { templates: ['index'] } },
        `{{ 'hello' | t: name: shop.name }}|{{ 'cart.items' | t: count: 1 }}|{{ 'nope' | t }}|{{ 'a.css' | asset_url }}`,
      ),
    );
    write(
      'shop-app/locales/en.default.json',
      JSON.stringify({
        hello: 'Hi {{ name }}',
        cart: { items: { one: '1 item', other: '{{ count }} items' } },
      }),
    );
    write('shop-app/locales/fr.json', JSON.stringify({ hello: 'Salut {{ name }}' }));
    const app = loadThemeApp({ extensionsDirectory: root, appHandle: 'my-app' });
    expect(app.extensions.map((extension) => extension.handle)).toEqual(['shop-app']);
    expect(app.blocks.map((b) => b.type)).toEqual([
      'shopify://apps/my-app/blocks/anywhere/1234-abcd',
      'shopify://apps/my-app/blocks/not-home/1234-abcd',
    ]);
    const [anywhere, notHome] = app.blocks;
    if (!anywhere || !notHome) throw new Error('blocks missing');
    expect([
      isAvailableOnTemplate(anywhere.schema, 'index'),
      isAvailableOnTemplate(notHome.schema, 'index'),
    ]).toEqual([true, false]);
    expect(isAvailableOnTemplate(notHome.schema, 'product')).toBe(true);

    const renderer = createThemeRenderer(app);
    const page = (locale: string) => ({
      shop: { permanentDomain: 's.myshopify.com', name: 'Sam', currency: 'EUR' },
      template: 'product',
      locale,
    });
    expect(await renderer.renderBlock(notHome, { id: 'b', settings: {} }, page('fr'))).toBe(
      'Salut Sam|1 item|translation missing: fr.nope|/sandbox/extensions/shop-app/assets/a.css',
    );
    expect(await renderer.renderBlock(notHome, { id: 'b', settings: {} }, page('de'))).toMatch(
      /^Hi Sam\|/,
    );
  });

  it('refuses a block without a schema, with a bad target, or with both enabled_on and disabled_on', () => {
    const cases: [string, string][] = [
      ['<div></div>', 'no {% schema %} tag'],
      [
        '{% schema %}{"name":"x","target":"footer"}{% endschema %}',
        'target must be one of section, body, head',
      ],
      [
        block('x', { enabled_on: { templates: ['*'] }, disabled_on: { templates: ['index'] } }),
        'not both',
      ],
      [
        block('x', {
          settings: [
            { type: 'text', id: 'a' },
            { type: 'text', id: 'a' },
          ],
        }),
        'two settings share an id',
      ],
    ];
    for (const [source, message] of cases) {
      root = mkdtempSync(path.join(tmpdir(), 'theme-ext-'));
      write('e/shopify.extension.toml', 'name = "e"\ntype = "theme"\n');
      write('e/blocks/b.liquid', source);
      expect(() => loadThemeApp({ extensionsDirectory: root, appHandle: 'a' })).toThrow(message);
      rmSync(root, { recursive: true, force: true });
    }
  });
});
