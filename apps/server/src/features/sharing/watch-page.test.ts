import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { csUpload, updatePopclip } from '../../test/popclips';
import { ensureShop } from '../shop';

let t: TestApp;
let linkUrl = '';
let code = '';
const VTT =
  'WEBVTT\n\n00:00.000 --> 00:01.500\nHello and welcome\n\n00:01.500 --> 00:03.000\nto the summer drop.\n';

beforeAll(async () => {
  t = await createTestApp();
  await ensureShop(t.deps, SHOP_B);
  const { clip } = await csUpload(t, SHOP_A, { size: 1000 });
  const folder = `shops/x/clips/${clip.metaIdentifier}`;
  await t.deps.media.putObject(`${folder}/captions-en-1.vtt`, VTT, {
    contentType: 'text/vtt',
    contentLength: Buffer.byteLength(VTT),
  });
  await updatePopclip(t.deps.database.db, clip.id, {
    title: 'Summer drop',
    status: 'processed',
    playableKey: `${folder}/playable.mp4`,
    thumbnailKey: `${folder}/thumbnail.jpg`,
    posterKey: `${folder}/poster.webp`,
    renditions: [
      { key: `${folder}/playable.mp4`, width: 360, height: 640, bitsPerSecond: 600_000 },
      { key: `${folder}/rendition-540p.mp4`, width: 540, height: 960, bitsPerSecond: 1_200_000 },
    ],
    captions: [{ language: 'en', label: 'English', key: `${folder}/captions-en-1.vtt` }],
    durationSeconds: 65.4,
    width: 720,
    height: 1280,
  });
  const shared = await call(t, SHOP_A, 'POST', '/api/shopify/shop/popclips/share-gating', {
    metaIdentifier: clip.metaIdentifier,
  });
  linkUrl = shared.json().data.link.url;
  code = shared.json().data.link.code;
});
afterAll(() => t.close());

function jsonLd(body: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body);
  return JSON.parse(match?.[1] ?? 'null');
}

describe('watch pages (issue 19)', () => {
  it('describes the video as the page’s main content: VideoObject with transcript and products', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect(page.statusCode).toBe(200);
    // A watch page is for search engines: no noindex.
    expect(page.headers['x-robots-tag']).toBeUndefined();
    const video = jsonLd(page.body);
    expect(video).toMatchObject({
      '@type': 'VideoObject',
      name: 'Summer drop',
      duration: 'PT1M5S',
      embedUrl: linkUrl,
      transcript: 'Hello and welcome to the summer drop.',
    });
    expect(String(video.uploadDate)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(String((video.thumbnailUrl as string[])[0])).toContain('poster.webp');
    expect(String(video.contentUrl)).toContain('rendition-540p.mp4');
    const mentions = video.mentions as { '@type': string; offers: { priceCurrency: string } }[];
    expect(mentions.length).toBeGreaterThan(0);
    expect(mentions[0]).toMatchObject({ '@type': 'Product', offers: { '@type': 'Offer' } });
    expect(page.body).toContain('rendition-540p.mp4');
    expect(page.body).not.toContain('original-');
  });

  it('lists the shop’s watch pages in its video sitemap, and no other shop’s', async () => {
    const sitemap = await t.app.inject({
      method: 'GET',
      url: `/s/sitemaps/${SHOP_A}/videos.xml`,
    });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
    expect(sitemap.body).toContain(`<loc>${linkUrl}</loc>`);
    expect(sitemap.body).toContain('<video:title>Summer drop</video:title>');
    expect(sitemap.body).toContain('<video:duration>65</video:duration>');
    expect(sitemap.body).toMatch(/<video:thumbnail_loc>[^<]*poster\.webp/);
    const other = await t.app.inject({ method: 'GET', url: `/s/sitemaps/${SHOP_B}/videos.xml` });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain(code);
  });

  it('answers 404 with a JSON body for an unknown shop', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/s/sitemaps/nope.myshopify.com/videos.xml',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found' });
  });
});
