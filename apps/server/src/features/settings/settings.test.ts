import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { csUpload, getClip, subscribe } from '../../test/popclips';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/shopify/shop/popclips/settings';
const all = {
  hidePopClipsOnPDP: true,
  showViewsOnPopClips: false,
  showLikesOnPopClips: true,
  enableShopFeaturesBuyBtn: true,
};

describe('Popclips settings', () => {
  it('answers the defaults, saves and reads back, without shopifyDomain', async () => {
    const initial = await call(t, SHOP_A, 'GET', URL);
    expect(initial.json()).toEqual({
      data: {
        hidePopClipsOnPDP: false,
        showViewsOnPopClips: true,
        showLikesOnPopClips: true,
        enableShopFeaturesBuyBtn: false,
      },
    });
    const saved = await call(t, SHOP_A, 'POST', URL, { ...all, shopifyDomain: SHOP_A });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, data: all });
    expect((await call(t, SHOP_A, 'GET', URL)).json()).toEqual({ data: all });
    // Saving again overwrites.
    await call(t, SHOP_A, 'POST', URL, { ...all, hidePopClipsOnPDP: false });
    expect((await call(t, SHOP_A, 'GET', URL)).json().data.hidePopClipsOnPDP).toBe(false);
    // Shop B is untouched.
    expect((await call(t, SHOP_B, 'GET', URL)).json().data.hidePopClipsOnPDP).toBe(false);
  });

  it('validates the body and the shop', async () => {
    const missing = await call(t, SHOP_A, 'POST', URL, { hidePopClipsOnPDP: true });
    expect(missing.statusCode).toBe(400);
    const wrongType = await call(t, SHOP_A, 'POST', URL, { ...all, showViewsOnPopClips: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    const other = await call(t, SHOP_A, 'POST', URL, { ...all, shopifyDomain: SHOP_B });
    expect(other.statusCode).toBe(403);
    expect((await call(t, SHOP_A, 'GET', URL)).json().data.showLikesOnPopClips).toBe(true);
  });

  it('shows views and likes by the settings and the plan level', async () => {
    const clip = (await csUpload(t, SHOP_B, { size: 1000 })).clip.metaIdentifier;
    const visibility = async () => {
      const data = (await getClip(t, SHOP_B, clip)).json().data[0];
      return { showViews: data.showViews, showLikes: data.showLikes };
    };
    expect(await visibility()).toEqual({ showViews: false, showLikes: false });
    await subscribe(t, SHOP_B, 'addon-popclips-basic');
    expect(await visibility()).toEqual({ showViews: true, showLikes: false });
    await subscribe(t, SHOP_B, 'addon-popclips-premium');
    expect(await visibility()).toEqual({ showViews: true, showLikes: true });
    await call(t, SHOP_B, 'POST', URL, {
      ...all,
      showViewsOnPopClips: false,
      showLikesOnPopClips: true,
    });
    expect(await visibility()).toEqual({ showViews: false, showLikes: true });
    await call(t, SHOP_B, 'POST', URL, {
      ...all,
      showViewsOnPopClips: true,
      showLikesOnPopClips: false,
    });
    expect(await visibility()).toEqual({ showViews: true, showLikes: false });
  });
});
