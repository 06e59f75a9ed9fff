import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { acceptedEncodings, compressedOnce, installCompression } from './http/compression';
import { createTestApp, SHOP_A, type TestApp } from './test/app';

let t: TestApp;
let dist: string;
const ASSET = `console.log(${JSON.stringify('popstage '.repeat(400))});`;

beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(join(tmpdir(), 'popstage-compress-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'app.js'), ASSET);
  writeFileSync(join(dist, 'app.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(dist, 'app.js.gz'), gzipSync(ASSET));
  writeFileSync(join(dist, 'popstage.js'), ASSET);
  writeFileSync(join(dist, 'popstage.js.br'), brotliCompressSync(ASSET));
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('compression', () => {
  it('answers JSON over 1 KB in brotli or gzip, as the client accepts, with Vary', async () => {
    const headers = { ...(await t.auth(SHOP_A)) };
    const plain = await t.app.inject({ method: 'GET', url: '/api/billing/plans', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/billing/plans',
        headers: { ...headers, 'accept-encoding': `${encoding}` },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leaves small answers, media and compressed types alone; compresses SVG', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();

    const app = Fastify();
    await installCompression(app);
    const big = Buffer.alloc(8 * 1024, 'a');
    for (const type of [
      'video/mp4',
      'image/png',
      'image/jpeg',
      'application/zip',
      'image/svg+xml',
    ]) {
      app.get(`/${type}`, async (_request, reply) => reply.type(type).send(big));
    }
    const encodingOf = async (type: string) =>
      (await app.inject({ method: 'GET', url: `/${type}`, headers: { 'accept-encoding': 'br' } }))
        .headers['content-encoding'];
    for (const type of ['video/mp4', 'image/png', 'image/jpeg', 'application/zip']) {
      expect(await encodingOf(type), type).toBeUndefined();
    }
    expect(await encodingOf('image/svg+xml')).toBe('br');
    await app.close();
  });

  it('reads Accept-Encoding: brotli first, q=0 refuses', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('GZIP;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it('compresses a kept answer once per body and encoding', async () => {
    const body = Buffer.from(ASSET);
    const br = compressedOnce(body, 'br');
    expect(compressedOnce(body, 'br')).toBe(br);
    expect(brotliDecompressSync(await br).toString()).toBe(ASSET);
    expect(gunzipSync(await compressedOnce(body, 'gzip')).toString()).toBe(ASSET);
    expect(compressedOnce(Buffer.from(ASSET), 'br')).not.toBe(br);
  });

  it("serves the admin's built assets precompressed, and the widget's", async () => {
    const app = await buildApp({
      ...t.deps,
      adminDist: dist,
      widgetBundle: join(dist, 'popstage.js'),
    });
    const asset = await app.inject({
      method: 'GET',
      url: '/app.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(ASSET);
    const gzip = await app.inject({
      method: 'GET',
      url: '/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

    const widget = await app.inject({
      method: 'GET',
      url: '/storefront/v1/widget.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['content-encoding']).toBe('br');
    expect(String(widget.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(widget.rawPayload).toString()).toBe(ASSET);
    // Without a precompressed gzip copy, the answer is compressed on the way out.
    const gzipWidget = await app.inject({
      method: 'GET',
      url: '/storefront/v1/widget.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipWidget.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipWidget.rawPayload).toString()).toBe(ASSET);
    await app.close();
  });
});
