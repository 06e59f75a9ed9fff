import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

/**
 * What a merchant's storefront (another origin) loads without CORS, the widget script and clip
 * media, answers Cross-Origin-Resource-Policy: cross-origin; everything else keeps helmet's
 * same-origin, so Chromium does not block the player with ERR_BLOCKED_BY_RESPONSE.NotSameOrigin.
 */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'popstage-widget-'));
  writeFileSync(join(dir, 'popstage.js'), 'console.log("widget")');
  t = await createTestApp({}, { widgetBundle: join(dir, 'popstage.js') });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const corp = async (url: string) => {
  const answer = await t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
  return { status: answer.statusCode, policy: answer.headers['cross-origin-resource-policy'] };
};

describe('Cross-Origin-Resource-Policy', () => {
  it('lets other sites load the widget and clip media', async () => {
    expect(await corp('/storefront/v1/widget.js')).toEqual({ status: 200, policy: 'cross-origin' });
    await t.deps.media.putObject('shops/x/clip.mp4', Buffer.from('video'), {
      contentType: 'video/mp4',
    });
    const signed = await t.deps.media.createSignedDownloadUrl('shops/x/clip.mp4', {
      expiresIn: 60,
    });
    expect(await corp(signed.url)).toEqual({ status: 200, policy: 'cross-origin' });
  });

  it('keeps same-origin elsewhere', async () => {
    expect((await corp('/healthz')).policy).toBe('same-origin');
  });
});
