import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { extensionAssetRoutes } from './extension-assets';
import { loadThemeApp } from './load-theme-app';

const app = Fastify();
const themeApp = loadThemeApp();
await app.register(extensionAssetRoutes, { app: themeApp });
afterAll(() => app.close());

describe('extension assets', () => {
  it("serves the loader from the extension's assets/ as Shopify's CDN would", async () => {
    const res = await app.inject({ url: '/extensions/popstage/assets/popstage-loader.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const extension = themeApp.extensions.find((e) => e.handle === 'popstage');
    const file = readFileSync(`${extension?.directory}/assets/popstage-loader.js`, 'utf8');
    expect(res.body).toBe(file);
    // Shopify's theme-check limit for app-block JavaScript.
    expect(res.rawPayload.length).toBeLessThanOrEqual(10_000);
  });

  it('answers 404 for unknown extensions, files and paths out of assets/', async () => {
    for (const url of [
      '/extensions/nope/assets/popstage-loader.js',
      '/extensions/popstage/assets/missing.js',
      '/extensions/popstage/assets/..%2Fshopify.extension.toml',
      '/extensions/popstage/assets/.hidden.js',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found' });
    }
  });
});
