import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalHarness, startLocalHarness } from '../storage/testing/local-harness';
import { extractVideo } from './extract';
import { SocialImportError } from './port';
import { createWebSocialImporter } from './web-importer';

// A local server stands in for instagram.com and its video CDN.
let server: Server;
let origin: string;
let local: LocalHarness;
const VIDEO = Buffer.alloc(64 * 1024, 7);

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/reel/good')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<html><head><meta property="og:title" content="Summer &amp; sun">` +
          `<meta property="og:video" content="${origin}/cdn/clip.mp4?x=1&amp;y=2"></head></html>`,
      );
    } else if (url.startsWith('/reel/big')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<meta property="og:video" content="${origin}/cdn/big.mp4">`);
    } else if (url.startsWith('/reel/chunked')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<meta property="og:video" content="${origin}/cdn/chunked.mp4">`);
    } else if (url.startsWith('/reel/slow')) {
      // Never answers: the page timeout must end it.
    } else if (url.startsWith('/reel/none')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><title>Login</title></head></html>');
    } else if (url.startsWith('/cdn/clip.mp4')) {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': VIDEO.length });
      res.end(VIDEO);
    } else if (url.startsWith('/cdn/big.mp4')) {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 10 * 1024 * 1024 });
      res.end();
    } else if (url.startsWith('/cdn/chunked.mp4')) {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      for (let i = 0; i < 40; i += 1) res.write(Buffer.alloc(64 * 1024, 1));
      res.end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  local = await startLocalHarness();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await local.close();
});

const importer = () =>
  createWebSocialImporter({
    pageTimeoutMs: 300,
    rewritePostUrl: (url) => new URL(`${url.pathname}${url.search}`, origin),
  });
const target = (key: string, maxBytes = 1024 * 1024) => ({ store: local.store, key, maxBytes });

describe('web social importer', () => {
  it('reads og:video from the public page and streams the video into the store', async () => {
    const found = await importer().resolve('instagram', 'https://www.instagram.com/reel/good/');
    expect(found).toEqual({ videoUrl: `${origin}/cdn/clip.mp4?x=1&y=2`, title: 'Summer & sun' });
    const stored = await importer().download(found.videoUrl, target('imports/good.mp4'));
    expect(stored).toEqual({ size: VIDEO.length, contentType: 'video/mp4' });
    expect((await local.store.headObject('imports/good.mp4'))?.size).toBe(VIDEO.length);
  });

  it('refuses a video over the limit, declared or streamed, and keeps nothing', async () => {
    const declared = importer().download(`${origin}/cdn/big.mp4`, target('imports/big.mp4'));
    await expect(declared).rejects.toMatchObject({ failure: 'too_large' });
    const streamed = importer().download(`${origin}/cdn/chunked.mp4`, target('imports/c.mp4'));
    await expect(streamed).rejects.toMatchObject({ failure: 'too_large' });
    expect(await local.store.headObject('imports/big.mp4')).toBeNull();
    expect(await local.store.headObject('imports/c.mp4')).toBeNull();
  });

  it('times out a page that never answers, and reports pages without a video', async () => {
    const started = Date.now();
    const slow = importer().resolve('instagram', 'https://www.instagram.com/reel/slow/');
    await expect(slow).rejects.toMatchObject({ failure: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(3000);
    const none = importer().resolve('tiktok', 'https://www.tiktok.com/@a/video/1/reel/none');
    await expect(none).rejects.toBeInstanceOf(SocialImportError);
    await expect(
      importer().resolve('instagram', 'https://www.instagram.com/reel/none/'),
    ).rejects.toMatchObject({ failure: 'not_found' });
    await expect(
      importer().resolve('instagram', 'https://www.instagram.com/reel/gone/'),
    ).rejects.toMatchObject({ failure: 'not_found' });
  });

  it('finds the video URL in embedded page data too', () => {
    const html = '<script>{"video_url":"https:\\u002F\\u002Fcdn.example.com\\u002Fv.mp4"}</script>';
    expect(extractVideo(html, 'https://www.instagram.com/reel/x/')?.videoUrl).toBe(
      'https://cdn.example.com/v.mp4',
    );
    expect(
      extractVideo('<meta property="og:video" content="javascript:alert(1)">', 'https://a.b/'),
    ).toBeNull();
  });
});
