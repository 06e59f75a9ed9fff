import { SHARE_LIMIT_MESSAGE } from '@popstage/core/sharing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { csUpload, subscribe, updatePopclip } from '../../test/popclips';
import { updateShop } from '../shop';

let t: TestApp;

async function newClip(shop: string) {
  return (await csUpload(t, shop, { size: 1000 })).clip;
}

const share = (shop: string, metaIdentifier: string) =>
  call(t, shop, 'POST', '/api/shopify/shop/popclips/share-gating', { metaIdentifier });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2025-03-10T12:00:00Z'));
});
afterAll(() => t.close());

describe('share links', () => {
  it('counts 5 links a month on the free level, refuses the sixth, and resets next month', async () => {
    const clips = [];
    for (let i = 0; i < 7; i++) clips.push((await newClip(SHOP_A)).metaIdentifier);
    const empty = await call(t, SHOP_A, 'GET', '/api/shopify/shop/popclips/share-gating');
    expect(empty.json().data).toEqual({
      clips_shared: [],
      max_share: 5,
      total_share: 0,
      state: null,
      link: null,
    });

    const first = await share(SHOP_A, clips[0] as string);
    expect(first.statusCode, first.body).toBe(201);
    const link = first.json().data.link;
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.url).toBe(`${t.deps.config.APP_URL}/s/${link.code}`);
    expect(link.embedCode).toContain(`src="${link.url}" width="400" height="700"`);
    // The same clip again: the same link, nothing counted.
    const repeat = await share(SHOP_A, clips[0] as string);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.link).toEqual(link);
    expect(repeat.json().data).toMatchObject({ total_share: 1, state: 'generated' });

    for (const clip of clips.slice(1, 5)) {
      expect((await share(SHOP_A, clip as string)).statusCode).toBe(201);
    }
    const state = await call(
      t,
      SHOP_A,
      'GET',
      `/api/shopify/shop/popclips/share-gating?metaIdentifier=${clips[5]}`,
    );
    expect([...state.json().data.clips_shared].sort()).toEqual(clips.slice(0, 5).sort());
    expect(state.json().data).toMatchObject({
      max_share: 5,
      total_share: 5,
      state: 'limit_reached',
      link: null,
    });
    const sixth = await share(SHOP_A, clips[5] as string);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toMatchObject({
      message: SHARE_LIMIT_MESSAGE,
      reason: 'share_limit',
      max_share: 5,
      total_share: 5,
    });
    // An already shared clip still answers its link at the limit.
    expect((await share(SHOP_A, clips[1] as string)).statusCode).toBe(200);

    // Deleting a shared clip does not give the share back.
    await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier: clips[4],
    });
    expect((await share(SHOP_A, clips[5] as string)).statusCode).toBe(403);

    // The next calendar month (UTC) starts again at 0.
    t.clock.set(new Date('2025-04-01T00:00:00Z'));
    const april = await share(SHOP_A, clips[5] as string);
    expect(april.statusCode, april.body).toBe(201);
    expect(april.json().data).toMatchObject({ total_share: 1, max_share: 5 });
    expect([...april.json().data.clips_shared].sort()).toEqual(
      [...clips.slice(0, 4), clips[5]].sort(),
    );
    const canGenerate = await call(
      t,
      SHOP_A,
      'GET',
      `/api/shopify/shop/popclips/share-gating?metaIdentifier=${clips[6]}`,
    );
    expect(canGenerate.json().data).toMatchObject({ state: 'can_generate', link: null });
  });

  it('is unlimited on paid levels', async () => {
    await subscribe(t, SHOP_B, 'addon-popclips-basic');
    for (let i = 0; i < 7; i++) {
      const res = await share(SHOP_B, (await newClip(SHOP_B)).metaIdentifier);
      expect(res.statusCode, res.body).toBe(201);
    }
    const gating = await call(t, SHOP_B, 'GET', '/api/shopify/shop/popclips/share-gating');
    expect(gating.json().data).toMatchObject({ max_share: -1, total_share: 7 });
  });

  it("answers 404 for unknown clips and another shop's clips", async () => {
    const clipOfB = await newClip(SHOP_B);
    expect((await share(SHOP_A, 'nope')).statusCode).toBe(404);
    const res = await share(SHOP_A, clipOfB.metaIdentifier);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Clip not found.');
  });

  it('renders the public page with the clip and its products, framable by anyone', async () => {
    const clip = await newClip(SHOP_B);
    const row = await updatePopclip(t.deps.database.db, clip.id, {
      title: 'Spring <drop> & more',
      playableKey: `shops/x/clips/${clip.metaIdentifier}/playable.mp4`,
      thumbnailKey: `shops/x/clips/${clip.metaIdentifier}/thumbnail.jpg`,
      width: 720,
      height: 1280,
    });
    const product = row?.products[0];
    expect(product).toBeDefined();
    const link = (await share(SHOP_B, clip.metaIdentifier)).json().data.link;

    const page = await t.app.inject({ method: 'GET', url: `/s/${link.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('<video src="');
    expect(page.body).toMatch(
      /<video [^>]*poster="[^"]+thumbnail\.jpg\?[^"]*"[^>]* playsinline controls/,
    );
    expect(page.body).toContain('Spring &lt;drop&gt; &amp; more');
    expect(page.body).not.toContain('<drop>');
    expect(page.body).toContain(
      '<meta property="og:title" content="Spring &lt;drop&gt; &amp; more">',
    );
    expect(page.body).toContain(`<meta property="og:url" content="${link.url}">`);
    expect(page.body).toContain('<meta property="og:video:type" content="video/mp4">');
    expect(page.body).toContain(`href="${product?.shopifyProductUrl}"`);
    expect(page.body).toContain(product?.title.replaceAll('&', '&amp;').replaceAll("'", '&#39;'));
    expect(page.body).toMatch(/class="price">[^<]*\d/);

    // The embed iframe is this page.
    expect(link.embedCode).toContain(`src="${link.url}"`);
  });

  it('answers the 404 page while the shop is deactivated, as the storefront does', async () => {
    const clip = await newClip(SHOP_B);
    const link = (await share(SHOP_B, clip.metaIdentifier)).json().data.link;
    const page = () => t.app.inject({ method: 'GET', url: `/s/${link.code}` });
    expect((await page()).statusCode).toBe(200);
    await updateShop(t.deps.database.db, SHOP_B, { featureFlags: { deactivate_shop: true } });
    const hidden = await page();
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('This Popclip is not available.');
    await updateShop(t.deps.database.db, SHOP_B, { featureFlags: {} });
    expect((await page()).statusCode).toBe(200);
  });

  it('answers a 404 page for unknown codes', async () => {
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', '..%2F..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/s/${code}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('This Popclip is not available.');
    }
  });

  it('rate limits the public page', async () => {
    let limited = 0;
    for (let i = 0; i < 125 && limited === 0; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/s/AAAAAAAAAAAAAAAAAAAAAA',
        remoteAddress: '203.0.113.9',
      });
      if (res.statusCode === 429) limited++;
    }
    expect(limited).toBe(1);
  });
});
