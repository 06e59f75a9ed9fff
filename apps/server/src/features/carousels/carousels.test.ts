import {
  CAROUSEL_SERVER_MESSAGES as C,
  POPCLIP_EMPTY_MESSAGES as E,
  POPCLIP_VALIDATION_MESSAGES as M,
} from '@popstage/core/popclips';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { csUpload, subscribe } from '../../test/popclips';

let t: TestApp;
let clipsA: string[];
let clipB: string;
let collections: string[];

async function send(
  shop: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: await t.auth(shop),
    ...(payload ? { payload } : {}),
  });
}

/** Shop A creates a carousel. */
const create = (payload: object) => send(SHOP_A, 'POST', '/api/popclips/carousels', payload);

const custom = (ids: string[], extra: object = {}) => ({
  customer_id: SHOP_A,
  carousel_title: 'Summer picks',
  carousel_type: 'custom',
  carousel_type_ids: ids,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  clipsA = [];
  for (let i = 0; i < 4; i++) {
    clipsA.push((await csUpload(t, SHOP_A, { size: 1000 })).clip.metaIdentifier);
  }
  clipB = (await csUpload(t, SHOP_B, { size: 1000 })).clip.metaIdentifier;
  // Collections with a product tagged in one of the clips (a collection carousel needs one).
  const page = await t.deps.platform.listCollections(SHOP_A, { first: 50 });
  const tagged = await taggedProducts();
  collections = [];
  for (const node of page.nodes) {
    const inside = await t.deps.platform.productsInCollection(SHOP_A, node.id, tagged);
    if (inside.length > 0) collections.push(node.id);
  }
  expect(collections.length).toBeGreaterThanOrEqual(2);
});
afterAll(() => t.close());

/** The products tagged in shop A's clips. */
async function taggedProducts(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.deps.database.db,
    sql`select distinct p->>'shopifyProductId' as id from popclips, jsonb_array_elements(products) p
        where shop_id = (select id from shops where shopify_domain = ${SHOP_A})`,
  );
  return rows.map((row) => row.id);
}

describe('carousels', () => {
  it('refuses carousels on the free level with an upgrade answer', async () => {
    const res = await create(custom(clipsA.slice(0, 3)));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: C.planRequired,
      reason: 'plan',
      upgrade: { variant: 'default', price: '$29.99/month' },
    });
  });

  it('validates the title, the clip count and the customer', async () => {
    await subscribe(t, SHOP_A, 'addon-popclips-basic');
    const blank = await create({
      ...custom(clipsA.slice(0, 3)),
      carousel_title: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(M.carouselTitleEmpty);

    const two = await create(custom(clipsA.slice(0, 2)));
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(M.carouselTooFewClips);
    // The same clip three times is one clip.
    const repeated = await create(custom([clipsA[0], clipsA[0], clipsA[0]] as string[]));
    expect(repeated.json().message).toBe(M.carouselTooFewClips);

    const noCollection = await create({
      ...custom([]),
      carousel_type: 'collection',
    });
    expect(noCollection.statusCode).toBe(400);
    expect(noCollection.json().message).toBe(M.carouselCollectionRequired);

    const other = await create({
      ...custom(clipsA.slice(0, 3)),
      customer_id: SHOP_B,
    });
    expect(other.statusCode).toBe(403);
    const list = await send(SHOP_A, 'GET', `/api/popclips/carousels?customerId=${SHOP_B}`);
    expect(list.statusCode).toBe(403);
  });

  it("refuses another shop's clips in the clips and in the sort order", async () => {
    const inIds = await create(custom([...clipsA.slice(0, 2), clipB]));
    expect(inIds.statusCode).toBe(400);
    expect(inIds.json().message).toBe(C.clipNotFound);
    const inSort = await create(custom(clipsA.slice(0, 3), { sorted_popclips_ids: [clipB] }));
    expect(inSort.statusCode).toBe(400);
    expect(inSort.json().message).toBe(C.clipNotFound);
    expect((await send(SHOP_A, 'GET', '/api/popclips/carousels')).json().data).toEqual([]);
  });

  let customId: string;

  it('creates, reads, edits and refuses a type change of a custom carousel', async () => {
    const created = await create(
      custom(clipsA.slice(0, 3), { sorted_popclips_ids: [clipsA[2]], carousel_id: 'ignored' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const carousel = created.json().data;
    expect(carousel).toMatchObject({
      customer_id: SHOP_A,
      carousel_title: 'Summer picks',
      carousel_type: 'custom',
      carousel_type_ids: clipsA.slice(0, 3),
      sorted_popclips_ids: [clipsA[2], clipsA[0], clipsA[1]],
      is_published: false,
    });
    expect(carousel.carousel_id).toMatch(/^[0-9a-f-]{36}$/);
    customId = carousel.carousel_id;

    const list = await send(SHOP_A, 'GET', `/api/popclips/carousels?customerId=${SHOP_A}`);
    expect(list.json().data.map((c: { carousel_id: string }) => c.carousel_id)).toEqual([customId]);
    const one = await send(SHOP_A, 'GET', `/api/popclips/carousels/${customId}`);
    expect(one.json().data).toEqual(carousel);

    const edited = await send(SHOP_A, 'PUT', '/api/popclips/carousels', {
      ...custom(clipsA, { sorted_popclips_ids: [clipsA[3], clipsA[1]] }),
      carousel_id: customId,
      carousel_title: 'Autumn picks',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      carousel_title: 'Autumn picks',
      carousel_type_ids: clipsA,
      sorted_popclips_ids: [clipsA[3], clipsA[1], clipsA[0], clipsA[2]],
    });

    const typeChange = await send(SHOP_A, 'PUT', '/api/popclips/carousels', {
      ...custom([collections[0] as string]),
      carousel_type: 'collection',
      carousel_id: customId,
    });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().message).toBe(C.typeChange);

    const blank = await send(SHOP_A, 'PUT', '/api/popclips/carousels', {
      ...custom(clipsA),
      carousel_id: customId,
      carousel_title: '',
    });
    expect(blank.json().message).toBe(M.carouselTitleEmpty);
    const unchanged = await send(SHOP_A, 'GET', `/api/popclips/carousels/${customId}`);
    expect(unchanged.json().data.carousel_title).toBe('Autumn picks');

    const unknown = await send(SHOP_A, 'PUT', '/api/popclips/carousels', {
      ...custom(clipsA),
      carousel_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(C.carouselNotFound);
  });

  it('refuses collection carousels below premium, and allows them on premium', async () => {
    const body = { ...custom([collections[0] as string]), carousel_type: 'collection' };
    const basic = await create(body);
    expect(basic.statusCode).toBe(403);
    expect(basic.json()).toMatchObject({
      message: C.premiumRequired,
      upgrade: { variant: 'categoryCarousels', price: '$149.99/month' },
    });

    await subscribe(t, SHOP_A, 'addon-popclips-premium');
    const unknown = await create({
      ...body,
      carousel_type_ids: ['gid://shopify/Collection/999999'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(C.collectionNotFound);
    const foreign = (await t.deps.platform.listCollections(SHOP_B, { first: 1 })).nodes[0];
    if (foreign && !collections.includes(foreign.id)) {
      const res = await create({
        ...body,
        carousel_type_ids: [foreign.id],
      });
      expect(res.json().message).toBe(C.collectionNotFound);
    }

    const created = await create({
      ...body,
      sorted_popclips_ids: [clipsA[1], clipsA[0]],
    });
    expect(created.statusCode, created.body).toBe(201);
    const carousel = created.json().data;
    expect(carousel).toMatchObject({
      carousel_type: 'collection',
      carousel_type_ids: [collections[0]],
      sorted_popclips_ids: [clipsA[1], clipsA[0]],
    });

    // Same collection, new order: stored. Another collection: the order is cleared.
    const put = (extra: object) =>
      send(SHOP_A, 'PUT', '/api/popclips/carousels', {
        ...body,
        carousel_id: carousel.carousel_id,
        ...extra,
      });
    const reordered = await put({ sorted_popclips_ids: [clipsA[0], clipsA[1]] });
    expect(reordered.json().data.sorted_popclips_ids).toEqual([clipsA[0], clipsA[1]]);
    const kept = await put({});
    expect(kept.json().data.sorted_popclips_ids).toEqual([clipsA[0], clipsA[1]]);
    const switched = await put({ carousel_type_ids: [collections[1]] });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data).toMatchObject({
      carousel_type_ids: [collections[1]],
      sorted_popclips_ids: [],
    });
    // An order sent with a switch is the new collection's (the merchant set it after switching).
    const back = await put({ sorted_popclips_ids: [clipsA[1]] });
    expect(back.json().data.sorted_popclips_ids).toEqual([clipsA[1]]);
  });

  it("answers the Popclips a collection carousel shows (the form's preview), newest first", async () => {
    const collectionId = collections[0] as string;
    const res = await send(
      SHOP_A,
      'GET',
      `/api/popclips/carousels/collection-clips?collectionId=${encodeURIComponent(collectionId)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const inside = new Set(
      await t.deps.platform.productsInCollection(SHOP_A, collectionId, await taggedProducts()),
    );
    const rows = await queryRows<{ meta: string; products: { shopifyProductId: string }[] }>(
      t.deps.database.db,
      sql`select meta_identifier as meta, products from popclips
          where shop_id = (select id from shops where shopify_domain = ${SHOP_A})
          order by created_at desc, id desc`,
    );
    const expected = rows
      .filter((row) => row.products.some((p) => inside.has(p.shopifyProductId)))
      .map((row) => row.meta);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json().data).toEqual(expected);
    expect(res.json().data).not.toContain(clipB);

    // A private clip never reaches the storefront, so the preview leaves it out.
    const setPrivate = (value: boolean) =>
      t.deps.database.db.execute(
        sql`update popclips set is_private = ${value} where meta_identifier = ${expected[0]}`,
      );
    await setPrivate(true);
    const withoutPrivate = await send(
      SHOP_A,
      'GET',
      `/api/popclips/carousels/collection-clips?collectionId=${encodeURIComponent(collectionId)}`,
    );
    await setPrivate(false);
    expect(withoutPrivate.json().data).toEqual(expected.slice(1));

    const unknown = await send(
      SHOP_A,
      'GET',
      '/api/popclips/carousels/collection-clips?collectionId=gid%3A%2F%2Fshopify%2FCollection%2F999999',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(C.collectionNotFound);
  });

  it('refuses a collection carousel whose collection has no Popclip, storing nothing', async () => {
    // A collection none of the products tagged in the shop's clips is in.
    const clipProducts = await taggedProducts();
    const all = (await t.deps.platform.listCollections(SHOP_A, { first: 50 })).nodes;
    let empty: string | undefined;
    for (const collection of all) {
      const inside = await t.deps.platform.productsInCollection(
        SHOP_A,
        collection.id,
        clipProducts,
      );
      if (inside.length === 0) {
        empty = collection.id;
        break;
      }
    }
    if (!empty) throw new Error('the sandbox store has no collection without a tagged product');
    const before = (
      await send(SHOP_A, 'GET', `/api/popclips/carousels?customerId=${SHOP_A}`)
    ).json().data.length;
    const res = await create({
      ...custom([empty]),
      carousel_type: 'collection',
      is_published: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(E.noPopclipInCollection);
    const after = (await send(SHOP_A, 'GET', `/api/popclips/carousels?customerId=${SHOP_A}`)).json()
      .data.length;
    expect(after).toBe(before);
  });

  it('publishes, stores the get-started event once, and gives the embed snippet', async () => {
    const wizard = async () =>
      (await send(SHOP_A, 'GET', '/api/shopify/shop/app-setup-wizard')).json().data.events;
    expect(await wizard()).not.toContain('STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL');

    const published = await send(SHOP_A, 'POST', `/api/popclips/carousels/${customId}/publish`, {
      customer_id: SHOP_A,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.is_published).toBe(true);
    expect(await wizard()).toContain('STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL');

    const unpublished = await send(SHOP_A, 'PUT', '/api/popclips/carousels', {
      ...custom(clipsA),
      carousel_id: customId,
      is_published: false,
    });
    expect(unpublished.json().data.is_published).toBe(false);
    // Omitted: unchanged.
    const again = await send(SHOP_A, 'PUT', '/api/popclips/carousels', {
      ...custom(clipsA),
      carousel_id: customId,
    });
    expect(again.json().data.is_published).toBe(false);
    expect(await wizard()).toContain('STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL');

    const embed = await send(SHOP_A, 'GET', `/api/popclips/carousels/${customId}/embed`);
    expect(embed.json().data).toEqual({
      carousel_id: customId,
      html: `<div data-popstage-carousel="${customId}"></div>`,
      themeBlock: { extension: 'popstage', block: 'carousel', settings: { carousel_id: customId } },
      requiresAppEmbed: true,
    });
  });

  it('stores the event when a carousel is created published (shop B)', async () => {
    await subscribe(t, SHOP_B, 'addon-popclips-basic');
    const clips = [clipB];
    for (let i = 0; i < 2; i++) {
      clips.push((await csUpload(t, SHOP_B, { size: 1000 })).clip.metaIdentifier);
    }
    const res = await send(SHOP_B, 'POST', '/api/popclips/carousels', {
      ...custom(clips),
      customer_id: SHOP_B,
      is_published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const events = (await send(SHOP_B, 'GET', '/api/shopify/shop/app-setup-wizard')).json().data
      .events;
    expect(events).toContain('STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL');
  });

  it('drops a deleted clip from carousels, and deletes carousels', async () => {
    const gone = clipsA[3] as string;
    const del = await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier: gone,
    });
    expect(del.statusCode, del.body).toBe(200);
    const after = (await send(SHOP_A, 'GET', `/api/popclips/carousels/${customId}`)).json().data;
    expect(after.carousel_type_ids).not.toContain(gone);
    expect(after.sorted_popclips_ids).not.toContain(gone);

    const wrongCustomer = await send(
      SHOP_A,
      'DELETE',
      `/api/popclips/carousels/${customId}?customerId=${SHOP_B}`,
    );
    expect(wrongCustomer.statusCode).toBe(403);
    const removed = await send(
      SHOP_A,
      'DELETE',
      `/api/popclips/carousels/${customId}?customerId=${SHOP_A}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, carousel_id: customId });
    const again = await send(SHOP_A, 'DELETE', `/api/popclips/carousels/${customId}`);
    expect(again.statusCode).toBe(404);
    expect((await send(SHOP_A, 'GET', `/api/popclips/carousels/${customId}`)).statusCode).toBe(404);
  });
});
