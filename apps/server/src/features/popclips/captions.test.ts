import { CAPTION_MESSAGES } from '@popstage/core/captions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popclips } from '../../db/schema';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { insertProcessedClip, mediaPath } from '../../test/popclips';
import { ensureShop } from '../shop';

let t: TestApp;
const CLIP = 'captioned-clip';
const VTT =
  'WEBVTT\n\n00:00.000 --> 00:01.500\nHello and welcome\n\n00:01.500 --> 00:03.000\nto the summer drop.\n';
const path = (language: string, clip = CLIP) => `/api/popclips/${clip}/captions/${language}`;

beforeAll(async () => {
  t = await createTestApp();
  const shop = await ensureShop(t.deps, SHOP_A);
  await ensureShop(t.deps, SHOP_B);
  await insertProcessedClip(t.deps.database.db, { shopId: shop.id, id: CLIP, at: t.clock.now() });
});
afterAll(() => t.close());

const stored = async () =>
  (
    await t.deps.database.db
      .select({ captions: popclips.captions })
      .from(popclips)
      .where(eq(popclips.metaIdentifier, CLIP))
  )[0]?.captions;

describe('clip captions (issue 19)', () => {
  it('stores a WebVTT file per language and lists them signed', async () => {
    const en = await call(t, SHOP_A, 'PUT', path('en'), { label: 'English', vtt: VTT });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().data).toMatchObject({ language: 'en', label: 'English' });
    const fr = await call(t, SHOP_A, 'PUT', path('fr-CA'), { label: 'Français', vtt: VTT });
    expect(fr.statusCode, fr.body).toBe(200);
    const list = await call(t, SHOP_A, 'GET', `/api/popclips/${CLIP}/captions`);
    expect(list.json().data.map((c: { language: string }) => c.language)).toEqual(['en', 'fr-CA']);
    const file = await t.app.inject({ method: 'GET', url: mediaPath(en.json().data.url) });
    expect(file.body).toBe(VTT);
  });

  it('replacing a language keeps one file for it and removes the old one', async () => {
    const before = (await stored())?.find((c) => c.language === 'en');
    t.clock.advance(1000);
    const again = await call(t, SHOP_A, 'PUT', path('en'), { label: 'English (CC)', vtt: VTT });
    expect(again.statusCode).toBe(200);
    const captions = (await stored()) ?? [];
    expect(captions.filter((c) => c.language === 'en')).toHaveLength(1);
    expect(captions.find((c) => c.language === 'en')?.label).toBe('English (CC)');
    if (before && captions.find((c) => c.language === 'en')?.key !== before.key) {
      expect(await t.deps.media.headObject(before.key)).toBeNull();
    }
  });

  it('refuses bad files and languages with the reason, storing nothing', async () => {
    const before = await stored();
    const srt = await call(t, SHOP_A, 'PUT', path('de'), {
      label: 'Deutsch',
      vtt: '1\n00:00:00,000 --> 00:00:01,000\nHallo\n',
    });
    expect(srt.statusCode).toBe(400);
    expect(srt.body).toContain(CAPTION_MESSAGES.notWebVtt);
    const language = await call(t, SHOP_A, 'PUT', path('German'), { label: 'Deutsch', vtt: VTT });
    expect(language.statusCode).toBe(400);
    expect(language.body).toContain(CAPTION_MESSAGES.language);
    const big = await call(t, SHOP_A, 'PUT', path('de'), {
      label: 'Deutsch',
      vtt: `${VTT}${'x'.repeat(200_001)}`,
    });
    expect(big.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('another shop can neither read nor change them', async () => {
    expect((await call(t, SHOP_B, 'GET', `/api/popclips/${CLIP}/captions`)).statusCode).toBe(404);
    expect(
      (await call(t, SHOP_B, 'PUT', path('es'), { label: 'Español', vtt: VTT })).statusCode,
    ).toBe(404);
    expect((await call(t, SHOP_B, 'DELETE', path('en'))).statusCode).toBe(404);
    expect((await stored())?.map((c) => c.language)).toEqual(['fr-CA', 'en']);
  });

  it('the storefront feed lists them for the viewer', async () => {
    const feed = await t.app.inject({ method: 'GET', url: `/storefront/v1/shops/${SHOP_A}/feed` });
    const clip = feed.json().clips.find((c: { id: string }) => c.id === CLIP);
    expect(clip.captions.map((c: { language: string }) => c.language)).toEqual(['fr-CA', 'en']);
    expect(clip.captions[0].url).toContain('.vtt');
  });

  it('removes a language, and 404s one that is not there', async () => {
    const removed = await call(t, SHOP_A, 'DELETE', path('fr-CA'));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ language: 'fr-CA' });
    const again = await call(t, SHOP_A, 'DELETE', path('fr-CA'));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CAPTION_MESSAGES.notFound);
    expect((await stored())?.map((c) => c.language)).toEqual(['en']);
  });
});
