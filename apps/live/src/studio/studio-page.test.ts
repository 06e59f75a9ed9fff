import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from '@popstage/testkit/browser';
import { writeFrameCodeY4m } from '@popstage/testkit/frame-code';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ingest-client';
import {
  createSeller,
  mountLive,
  scheduleShow,
  sellerCall,
  type TestLive,
  testConnection,
} from '../test/test-live';

/** WebM files (MediaRecorder's chunks) start with the EBML header. */
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const P1 = 'gid://shopify/Product/1';
const P2 = 'gid://shopify/Product/2';

let db: Awaited<ReturnType<typeof testConnection>>;
let live: TestLive;
let browser: Browser;
let origin = '';
let dir = '';
/** A CDN stand-in serving one product picture (a 1×1 PNG). */
let cdn: Server;
let cdnOrigin = '';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  db = await testConnection();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  live = await mountLive(db.connection, { baseUrl: `${origin}/live-service` });
  cdn = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  const cdnPort = await freePort();
  await new Promise<void>((resolve) => cdn.listen(cdnPort, '127.0.0.1', resolve));
  cdnOrigin = `http://127.0.0.1:${cdnPort}`;
  await live.app.listen({ port, host: '127.0.0.1' });
  dir = await mkdtemp(path.join(tmpdir(), 'live-studio-'));
  const camera = path.join(dir, 'camera.y4m');
  await writeFrameCodeY4m(camera, 2);
  browser = await launchChromium({ camera });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await live.app.close();
  await live.service.close();
  await new Promise((resolve) => cdn?.close(resolve));
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the studio in Chromium with a fake camera', () => {
  it('goes live with the camera, pins, moderates the chat and ends the show', async () => {
    const { sellerId, dashboardUrl } = await createSeller(live.app, 1);
    const imageUrl = `${cdnOrigin}/s/files/scarf.png?v=1`;
    const show = await scheduleShow(
      live.app,
      sellerId,
      [P1, P2],
      [
        { id: P1, title: 'Wool scarf', imageUrl },
        { id: P2, title: 'Felt hat', imageUrl: null },
      ],
    );
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(dashboardUrl);
    await page.getByRole('heading', { name: 'Winter drop' }).waitFor();
    // Each product by its title, with its picture; none by its id.
    await page.getByText('Wool scarf').waitFor();
    await page.getByText('Felt hat').waitFor();
    const picture = page.getByRole('img', { name: 'Wool scarf' });
    expect(await picture.getAttribute('src')).toBe(imageUrl);
    await expect
      .poll(() =>
        // Loaded and decoded: the browser knows the picture's width (this tsconfig has no DOM).
        picture.evaluate((img) => {
          const { complete, naturalWidth } = img as unknown as Record<string, unknown>;
          return complete ? naturalWidth : 0;
        }),
      )
      .toBe(1);
    expect(await page.getByRole('img', { name: 'Felt hat' }).count()).toBe(0);
    expect(await page.getByText(P1).count()).toBe(0);
    expect(await page.getByText('names and pictures are in your Shopify admin').count()).toBe(0);

    await page.getByRole('button', { name: 'Go live' }).click();
    await page.getByText('You are live.').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /^Winter drop · .* · Live$/ }).waitFor();
    // MediaRecorder's chunks arrive in order over the socket: a WebM stream from its header.
    await expect
      .poll(() => live.media.received.get(show.id)?.length ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(2);
    const sent = Buffer.concat(live.media.received.get(show.id) ?? []);
    expect(sent.subarray(0, 4)).toEqual(EBML);
    expect(sent.includes(Buffer.from('V_VP8'))).toBe(true);

    await page.getByRole('button', { name: 'Pin Wool scarf', exact: true }).click();
    await page.getByRole('button', { name: 'Unpin Wool scarf', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pin Felt hat', exact: true }).waitFor();
    // The visible word stays short; the accessible name says which product.
    expect(
      await page.getByRole('button', { name: 'Unpin Wool scarf', exact: true }).textContent(),
    ).toBe('Unpin');
    const state = () =>
      live.app.inject({ method: 'GET', url: `/live-service/v1/public/shows/${show.id}` });
    expect((await state()).json().pinned).toBe(P1);

    const posted = await live.app.inject({
      method: 'POST',
      url: `/live-service/v1/public/shows/${show.id}/chat`,
      payload: { viewerId: 'viewer-rude-1', name: 'Rude', text: 'spam spam' },
    });
    expect(posted.statusCode).toBe(201);
    await page.getByText('spam spam').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Block' }).click();
    await expect.poll(async () => (await state()).json().chat, { timeout: 10_000 }).toEqual([]);
    await page.getByText('spam spam').waitFor({ state: 'detached', timeout: 10_000 });

    await page.getByRole('textbox', { name: 'Message' }).fill('Thanks for watching!');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thanks for watching!').waitFor();

    await page.getByRole('button', { name: 'End show' }).click();
    await page.getByText('The show has ended.').waitFor({ timeout: 30_000 });
    const ended = (
      await sellerCall(live.app, 'GET', `/v1/sellers/${sellerId}/shows/${show.id}`)
    ).json().show;
    expect(ended).toMatchObject({
      status: 'ended',
      replay: { durationSeconds: expect.any(Number) },
    });
    expect(errors).toEqual([]);
  }, 120_000);
});
