import { describe, expect, it } from 'vitest';
import { loadThemeApp } from './load-theme-app';
import {
  applyThemeEdit,
  emptyThemeState,
  MAX_BLOCKS_PER_SECTION,
  type ThemeEdit,
  ThemeEditError,
  type ThemeIds,
  type ThemeState,
} from './theme-state';

const app = loadThemeApp();
const typeOf = (handle: string) => app.blocks.find((block) => block.handle === handle)?.type ?? '';
const embed = typeOf('app-embed');
const carousel = typeOf('carousel');
const product = typeOf('product');

function sequentialIds(): ThemeIds {
  let n = 0;
  return { embedId: () => `e${++n}`, blockId: (block) => `${block.handle}_${++n}` };
}

function apply(state: ThemeState, ...edits: ThemeEdit[]): ThemeState {
  const ids = sequentialIds();
  return edits.reduce((current, edit) => applyThemeEdit(current, edit, app, ids), state);
}

function refused(state: ThemeState, edit: ThemeEdit): string {
  const before = structuredClone(state);
  try {
    applyThemeEdit(state, edit, app, sequentialIds());
  } catch (error) {
    expect(error).toBeInstanceOf(ThemeEditError);
    expect(state).toEqual(before);
    return (error as Error).message;
  }
  throw new Error('the edit was accepted');
}

describe('app embeds', () => {
  it('switch on with their defaults, off as disabled, back on with the same entry', () => {
    const on = apply(emptyThemeState(), { kind: 'set-embed', type: embed, enabled: true });
    expect(on.embeds).toEqual([{ id: 'e1', type: embed, disabled: false, settings: {} }]);
    const off = apply(on, { kind: 'set-embed', type: embed, enabled: false });
    expect(off.embeds).toEqual([{ id: 'e1', type: embed, disabled: true, settings: {} }]);
    expect(apply(off, { kind: 'set-embed', type: embed, enabled: true }).embeds[0]?.id).toBe('e1');
    expect(on.embeds[0]?.disabled).toBe(false);
  });

  it('switching off an embed never switched on leaves no entry', () => {
    expect(
      apply(emptyThemeState(), { kind: 'set-embed', type: embed, enabled: false }).embeds,
    ).toEqual([]);
  });

  it('refuses section blocks, unknown types and settings before the switch', () => {
    const empty = emptyThemeState();
    expect(refused(empty, { kind: 'set-embed', type: carousel, enabled: true })).toMatch(
      /not an app embed/,
    );
    expect(
      refused(empty, { kind: 'set-embed', type: 'shopify://apps/x/blocks/y/z', enabled: true }),
    ).toMatch(/not an app embed/);
    expect(
      refused(empty, { kind: 'set-embed-settings', type: embed, values: { app_url: 'x' } }),
    ).toMatch(/switch the app embed app-embed on first/);
  });

  it('refuses a setting the schema lacks (the embed has none a merchant types)', () => {
    const on = apply(emptyThemeState(), { kind: 'set-embed', type: embed, enabled: true });
    expect(on.embeds[0]?.settings).toEqual({});
    expect(
      refused(on, {
        kind: 'set-embed-settings',
        type: embed,
        values: { app_url: 'https://s.example' },
      }),
    ).toBe('app-embed has no editable setting app_url');
  });
});

describe('app blocks in templates', () => {
  it('adds a carousel on home and product pages with its default, and the product block on product pages only', () => {
    const state = apply(
      emptyThemeState(),
      { kind: 'add-block', template: 'index', type: carousel },
      { kind: 'add-block', template: 'product', type: carousel },
      { kind: 'add-block', template: 'product', type: product },
    );
    expect(state.templates.index).toEqual([
      { id: 'carousel_1', type: carousel, settings: { carousel_id: 'all' } },
    ]);
    expect(state.templates.product.map((block) => block.id)).toEqual(['carousel_2', 'product_3']);
    expect(refused(state, { kind: 'add-block', template: 'index', type: product })).toBe(
      'product cannot be added to the index template',
    );
  });

  it('refuses embeds as blocks, unknown templates and blocks, and a full section', () => {
    const empty = emptyThemeState();
    expect(refused(empty, { kind: 'add-block', template: 'index', type: embed })).toMatch(
      /cannot be added/,
    );
    expect(refused(empty, { kind: 'add-block', template: 'collection', type: carousel })).toBe(
      'unknown template collection',
    );
    expect(refused(empty, { kind: 'add-block', template: 'index', type: `${carousel}x` })).toMatch(
      /^unknown app block/,
    );
    const full = emptyThemeState();
    full.templates.index = Array.from({ length: MAX_BLOCKS_PER_SECTION }, (_, i) => ({
      id: `b${i}`,
      type: carousel,
      settings: {},
    }));
    expect(refused(full, { kind: 'add-block', template: 'index', type: carousel })).toMatch(
      /at most 50/,
    );
  });

  it('moves, removes and sets settings, refusing what does not apply', () => {
    const three = apply(
      emptyThemeState(),
      { kind: 'add-block', template: 'index', type: carousel },
      { kind: 'add-block', template: 'index', type: carousel },
      { kind: 'add-block', template: 'index', type: carousel },
    );
    const order = (state: ThemeState) => state.templates.index.map((block) => block.id);
    expect(
      order(
        apply(three, { kind: 'move-block', template: 'index', id: 'carousel_3', direction: 'up' }),
      ),
    ).toEqual(['carousel_1', 'carousel_3', 'carousel_2']);
    expect(
      order(
        apply(three, {
          kind: 'move-block',
          template: 'index',
          id: 'carousel_1',
          direction: 'down',
        }),
      ),
    ).toEqual(['carousel_2', 'carousel_1', 'carousel_3']);
    expect(
      order(apply(three, { kind: 'remove-block', template: 'index', id: 'carousel_2' })),
    ).toEqual(['carousel_1', 'carousel_3']);
    const named = apply(three, {
      kind: 'set-block-settings',
      template: 'index',
      id: 'carousel_2',
      values: { carousel_id: 'car_9' },
    });
    expect(named.templates.index[1]?.settings).toEqual({ carousel_id: 'car_9' });

    expect(
      refused(three, { kind: 'move-block', template: 'index', id: 'carousel_1', direction: 'up' }),
    ).toBe('carousel_1 is already first');
    expect(
      refused(three, {
        kind: 'move-block',
        template: 'index',
        id: 'carousel_3',
        direction: 'down',
      }),
    ).toBe('carousel_3 is already last');
    expect(refused(three, { kind: 'remove-block', template: 'product', id: 'carousel_1' })).toBe(
      'no block carousel_1 in the product template',
    );
    expect(
      refused(three, {
        kind: 'set-block-settings',
        template: 'index',
        id: 'carousel_1',
        values: { size: '3' },
      }),
    ).toBe('carousel has no editable setting size');
  });
});
