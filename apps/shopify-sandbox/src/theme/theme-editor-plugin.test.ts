import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadThemeApp } from './load-theme-app';
import { themeEditorPlugin } from './theme-editor-plugin';
import { GENERATED_FILE_COMMENT } from './theme-files';
import type { ThemeIds } from './theme-state';
import { createInMemoryThemeStateStore, type ThemeStateStore } from './theme-state-store';

const app = loadThemeApp();
const typeOf = (handle: string) => app.blocks.find((block) => block.handle === handle)?.type ?? '';
const SHOP = 'demo.myshopify.com';
const EDITOR = `/sandbox/store/${SHOP}/themes/current/editor`;
const KEY = 'popstage-key';

let server: FastifyInstance;
let store: ThemeStateStore;

beforeEach(async () => {
  let n = 0;
  const ids: ThemeIds = { embedId: () => `e${++n}`, blockId: (block) => `${block.handle}_${++n}` };
  store = createInMemoryThemeStateStore();
  server = Fastify();
  await server.register(themeEditorPlugin, { prefix: '/sandbox', app, store, ids, apiKey: KEY });
});
afterEach(() => server.close());

const post = (url: string, fields: Record<string, string> = {}) =>
  server.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

async function expectRefused(response: Awaited<ReturnType<typeof post>>, message: string | RegExp) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: 'Bad Request',
    message: expect.stringMatching(message),
  });
}

describe('theme editor page', () => {
  it('lists the templates, the blocks that fit the template and the app embed, off', async () => {
    const home = await server.inject(`${EDITOR}`);
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toContain(
      `<a href="${EDITOR}?template=index" aria-current="page">Home page</a>`,
    );
    expect(home.body).toContain(`<option value="${typeOf('carousel')}">Popstage carousel</option>`);
    expect(home.body).not.toContain('Popstage product videos');
    expect(home.body).toContain('Popstage <span class="status">Off</span>');
    expect(home.body).toContain(`action="${EDITOR}/embeds?template=index"`);
    expect(home.body).toContain('No app blocks in this template.');

    const product = await server.inject(`${EDITOR}?template=product`);
    expect(product.body).toContain(
      `<option value="${typeOf('product')}">Popstage product videos</option>`,
    );
  });

  it('switches the embed on and off, and keeps its settings', async () => {
    const on = await post(`${EDITOR}/embeds?template=product`, {
      type: typeOf('app-embed'),
      enabled: 'true',
    });
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe(`${EDITOR}?template=product`);
    const page = (await server.inject(EDITOR)).body;
    expect(page).toContain('Popstage <span class="status">On</span>');
    expect(page).toContain('Turn this on to show your Popclips');
    expect(page).not.toContain('App URL');

    await post(`${EDITOR}/embeds`, { type: typeOf('app-embed'), enabled: 'false' });
    expect((await store.load(SHOP)).embeds).toEqual([
      {
        id: 'e1',
        type: typeOf('app-embed'),
        disabled: true,
        settings: {},
      },
    ]);
    const file = await server.inject(
      `/sandbox/store/${SHOP}/themes/current/files/config/settings_data.json`,
    );
    expect(file.body.startsWith(GENERATED_FILE_COMMENT)).toBe(true);
    expect(
      JSON.parse(file.body.slice(GENERATED_FILE_COMMENT.length)).current.blocks.e1.disabled,
    ).toBe(true);
  });

  it('adds, configures, moves and removes blocks of a template', async () => {
    const blocks = `${EDITOR}/templates/index/blocks`;
    expect((await post(blocks, { type: typeOf('carousel') })).headers.location).toBe(
      `${EDITOR}?template=index`,
    );
    await post(blocks, { type: typeOf('carousel') });
    await post(`${blocks}/carousel_2/settings`, { carousel_id: 'car_7' });
    await post(`${blocks}/carousel_2/move`, { direction: 'up' });
    expect((await store.load(SHOP)).templates.index).toEqual([
      { id: 'carousel_2', type: typeOf('carousel'), settings: { carousel_id: 'car_7' } },
      { id: 'carousel_1', type: typeOf('carousel'), settings: { carousel_id: 'all' } },
    ]);
    const page = (await server.inject(EDITOR)).body;
    expect(page).toContain('<input type="text" name="carousel_id" value="car_7">');
    expect(page).toContain(
      `action="${blocks}/carousel_2/move"><input type="hidden" name="direction" value="up"><button disabled>`,
    );

    await post(`${blocks}/carousel_2/remove`);
    const template = await server.inject(
      `/sandbox/store/${SHOP}/themes/current/files/templates/index.json`,
    );
    expect(
      JSON.parse(template.body.slice(GENERATED_FILE_COMMENT.length)).sections.apps.block_order,
    ).toEqual(['carousel_1']);
  });

  it('answers bad input with 400 JSON and changes nothing', async () => {
    await post(`${EDITOR}/templates/index/blocks`, { type: typeOf('carousel') });
    const before = await store.load(SHOP);
    const blocks = `${EDITOR}/templates/index/blocks`;
    await expectRefused(
      await server.inject('/sandbox/store/demo.example.com/themes/current/editor'),
      /not a \*\.myshopify\.com/,
    );
    await expectRefused(await server.inject(`${EDITOR}?template=cart`), 'unknown template cart');
    await expectRefused(
      await post(blocks, { type: typeOf('product') }),
      'product cannot be added to the index template',
    );
    await expectRefused(await post(blocks), 'type is required');
    await expectRefused(
      await post(`${EDITOR}/templates/blog/blocks`, { type: typeOf('carousel') }),
      'unknown template blog',
    );
    await expectRefused(
      await post(`${blocks}/carousel_1/move`, { direction: 'left' }),
      'direction: expected up or down',
    );
    await expectRefused(
      await post(`${blocks}/carousel_1/move`, { direction: 'up' }),
      'carousel_1 is already first',
    );
    await expectRefused(await post(`${blocks}/nope/remove`), 'no block nope in the index template');
    await expectRefused(
      await post(`${blocks}/carousel_1/settings`, { colour: 'red' }),
      'carousel has no editable setting colour',
    );
    await expectRefused(
      await post(`${EDITOR}/embeds`, { type: typeOf('app-embed'), enabled: 'yes' }),
      /expected true or false/,
    );
    await expectRefused(
      await post(`${EDITOR}/embeds`, { type: typeOf('carousel'), enabled: 'true' }),
      /not an app embed/,
    );
    expect(await store.load(SHOP)).toEqual(before);
  });
});

describe("Shopify's deep links", () => {
  it('addAppBlockId=<api_key>/carousel on the home page: the block is ready to add, Save adds it', async () => {
    const link = await server.inject(
      `${EDITOR}?template=index&addAppBlockId=${KEY}/carousel&target=newAppsSection`,
    );
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain('Add Popstage carousel to Home page');
    expect(link.body).toContain(
      `<form method="post" action="${EDITOR}/templates/index/blocks" class="add"><input type="hidden" name="type" value="${typeOf('carousel')}"><button class="primary" autofocus>Save</button>`,
    );
    const saved = await post(`${EDITOR}/templates/index/blocks`, { type: typeOf('carousel') });
    expect(saved.statusCode).toBe(303);
    expect((await store.load(SHOP)).templates.index.map((block) => block.type)).toEqual([
      typeOf('carousel'),
    ]);
  });

  it('activateAppId=<api_key>/app-embed: the embed is ready to switch on, Save turns it on', async () => {
    const link = await server.inject(`${EDITOR}?context=apps&activateAppId=${KEY}/app-embed`);
    expect(link.body).toContain('Turn on the Popstage app embed');
    expect(link.body).toContain('<input type="hidden" name="enabled" value="true">');
    await post(`${EDITOR}/embeds?template=index`, { type: typeOf('app-embed'), enabled: 'true' });
    const again = await server.inject(`${EDITOR}?context=apps&activateAppId=${KEY}/app-embed`);
    expect(again.body).toContain('Popstage app embed is on');
  });

  it("says so for another app's key, an unknown handle, or an embed named as a block", async () => {
    for (const query of [
      'addAppBlockId=other-app/carousel',
      `addAppBlockId=${KEY}/nope`,
      `addAppBlockId=${KEY}/app-embed`,
      `activateAppId=${KEY}/carousel`,
    ]) {
      const res = await server.inject(`${EDITOR}?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('App block not found');
    }
    expect((await store.load(SHOP)).templates.index).toEqual([]);
  });
});
