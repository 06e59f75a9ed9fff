import { describe, expect, it } from 'vitest';
import { loadThemeApp } from './load-theme-app';
import { GENERATED_FILE_COMMENT, settingsDataJson, templateJson } from './theme-files';
import { applyThemeEdit, emptyThemeState, type ThemeIds } from './theme-state';

// The app's own reader of settings_data.json. Imported through a variable so that tsc keeps it
// out of this project (a project reference to apps/server would turn into a circle once the
// server mounts the sandbox); its signature is restated here, and the test fails if it changes.
const appEmbedModule = '../../../server/src/platform/shopify/app-embed';
const { isAppEmbedEnabledIn } = (await import(appEmbedModule)) as {
  isAppEmbedEnabledIn: (
    settingsData: string,
    identity: { appHandle?: string; extensionUuid?: string; override?: string },
  ) => boolean;
};

const app = loadThemeApp();
const typeOf = (handle: string) => app.blocks.find((block) => block.handle === handle)?.type ?? '';
const ids: ThemeIds = {
  embedId: () => '17000000000000000001',
  blockId: (b) => `popstage_${b.handle}_x`,
};
const parse = (file: string) => JSON.parse(file.slice(GENERATED_FILE_COMMENT.length));
const embed = typeOf('app-embed');

describe('config/settings_data.json', () => {
  it('is read as the app reads it: off before the switch, on after, off once switched off', () => {
    const extensionUuid = app.extensions[0]?.uid ?? '';
    const ours = { appHandle: app.appHandle, extensionUuid };
    let state = emptyThemeState();
    expect(isAppEmbedEnabledIn(settingsDataJson(state), ours)).toBe(false);
    state = applyThemeEdit(state, { kind: 'set-embed', type: embed, enabled: true }, app, ids);
    expect(isAppEmbedEnabledIn(settingsDataJson(state), ours)).toBe(true);
    expect(isAppEmbedEnabledIn(settingsDataJson(state), { appHandle: 'popstage' })).toBe(true);
    expect(isAppEmbedEnabledIn(settingsDataJson(state), { extensionUuid })).toBe(true);
    expect(isAppEmbedEnabledIn(settingsDataJson(state), { override: 'app-embed' })).toBe(true);
    state = applyThemeEdit(state, { kind: 'set-embed', type: embed, enabled: false }, app, ids);
    expect(isAppEmbedEnabledIn(settingsDataJson(state), ours)).toBe(false);
  });

  it("has Shopify's comment and shape: embeds in current.blocks by id", () => {
    const state = applyThemeEdit(
      emptyThemeState(),
      { kind: 'set-embed', type: embed, enabled: true },
      app,
      ids,
    );
    const file = settingsDataJson(state);
    expect(
      file.startsWith(
        '/*\n * ------------------------------------------------------------\n * IMPORTANT: The contents of this file are auto-generated.',
      ),
    ).toBe(true);
    expect(parse(file)).toEqual({
      current: {
        blocks: {
          '17000000000000000001': {
            type: `shopify://apps/popstage/blocks/app-embed/${app.extensions[0]?.uid}`,
            disabled: false,
            settings: {},
          },
        },
      },
      presets: { Default: {} },
    });
  });
});

describe('templates/*.json', () => {
  it('holds the home page blocks in an Apps section, in order', () => {
    let state = emptyThemeState();
    let n = 0;
    const counting: ThemeIds = { ...ids, blockId: (b) => `popstage_${b.handle}_${++n}` };
    for (let i = 0; i < 2; i++)
      state = applyThemeEdit(
        state,
        { kind: 'add-block', template: 'index', type: typeOf('carousel') },
        app,
        counting,
      );
    state = applyThemeEdit(
      state,
      { kind: 'move-block', template: 'index', id: 'popstage_carousel_2', direction: 'up' },
      app,
      counting,
    );
    expect(parse(templateJson(state, 'index'))).toEqual({
      sections: {
        apps: {
          type: 'apps',
          blocks: {
            popstage_carousel_1: { type: typeOf('carousel'), settings: { carousel_id: 'all' } },
            popstage_carousel_2: { type: typeOf('carousel'), settings: { carousel_id: 'all' } },
          },
          block_order: ['popstage_carousel_2', 'popstage_carousel_1'],
          settings: { include_margins: true },
        },
      },
      order: ['apps'],
    });
  });

  it("holds the product page blocks in the product's main section", () => {
    const state = applyThemeEdit(
      emptyThemeState(),
      { kind: 'add-block', template: 'product', type: typeOf('product') },
      app,
      ids,
    );
    const file = templateJson(state, 'product');
    expect(file.startsWith(GENERATED_FILE_COMMENT)).toBe(true);
    expect(parse(file)).toEqual({
      sections: {
        main: {
          type: 'main-product',
          blocks: { popstage_product_x: { type: typeOf('product'), settings: {} } },
          block_order: ['popstage_product_x'],
          settings: {},
        },
      },
      order: ['main'],
    });
  });
});
