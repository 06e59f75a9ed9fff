import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * The live player (dist/popstage-live.js) and its HLS engine (dist/popstage-hls.js), served from
 * beside the player's bundle like it: scripts other sites load (no cookies, no CORS needed).
 */
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'popstage-live-scripts-'));
  writeFileSync(join(dir, 'popstage.js'), 'window.player=1');
  writeFileSync(join(dir, 'popstage-live.js'), 'window.live=1');
  writeFileSync(join(dir, 'popstage-hls.js'), 'window.hls=1');
  t = await createTestApp({}, { widgetBundle: join(dir, 'popstage.js') });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the live player’s scripts', () => {
  it.each([
    ['/storefront/v1/live.js', 'window.live=1'],
    ['/storefront/v1/hls.js', 'window.hls=1'],
    ['/storefront/v1/widget.js', 'window.player=1'],
  ])('%s serves its own built file', async (url, body) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(body);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers 503 JSON when the live player was not built', async () => {
    rmSync(join(dir, 'popstage-live.js'));
    const res = await t.app.inject({ method: 'GET', url: '/storefront/v1/live.js' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ error: 'Service Unavailable', message: 'Widget not built' });
  });
});
