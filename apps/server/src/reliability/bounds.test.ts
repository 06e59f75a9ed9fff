import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../test/app';

/**
 * Findings: no request-body timeout (a 1-byte-per-5-s body stayed open 150 s+), no rate limit on
 * /api, /billing/return re-synced with the platform on every unauthenticated hit, an upload URL
 * stayed writable after processing (a re-PUT replaced the stored original), and JSON answers
 * carried no Cache-Control.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    API_RATE_LIMIT: '5',
    REQUEST_BODY_TIMEOUT_MS: '300',
    UPLOAD_BODY_TIMEOUT_MS: '3000',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** Sends headers and one byte of a longer body, then waits: what the server answers, when. */
function trickle(method: string, path: string, waitMs: number) {
  return new Promise<{ answer: string; closed: boolean; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let closed = false;
    socket.on('data', (chunk) => {
      answer += String(chunk);
    });
    socket.on('close', () => {
      closed = true;
    });
    socket.on('error', () => {});
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed, ms: Date.now() - started });
    }, waitMs);
  });
}

describe('bounds', () => {
  it('a body that trickles in is answered 408 and its connection closed', async () => {
    const slow = await trickle(
      'POST',
      '/storefront/v1/shops/demo-store.myshopify.com/events',
      1500,
    );
    expect(slow.answer).toMatch(/^HTTP\/1.1 408/);
    expect(slow.closed).toBe(true);
  });

  it('an upload to a signed media URL gets its longer time', async () => {
    const { url } = await t.deps.media.createSignedUploadUrl('shops/x/clips/y/original-a.mp4', {
      contentType: 'application/json',
      maxBytes: 1000,
      expiresIn: 600,
    });
    const upload = await trickle('PUT', new URL(url).pathname + new URL(url).search, 1000);
    expect(upload.answer).toBe('');
    expect(upload.closed).toBe(false);
  });

  it('/api is limited per shop: 429 with Retry-After, other shops unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.asShop(SHOP_A, 'GET', '/api/shopify/shop')).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await t.asShop(SHOP_A, 'GET', '/api/shopify/shop');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests' });
    expect((await t.asShop(SHOP_B, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
  });

  it('JSON answers are not cached', async () => {
    const res = await t.asShop(SHOP_B, 'GET', '/api/shopify/shop');
    expect(res.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it('/billing/return asks the platform only when a charge waits, and is rate limited', async () => {
    const platform = t.deps.platform;
    const original = platform.activeAppSubscriptions.bind(platform);
    let asked = 0;
    platform.activeAppSubscriptions = async (shop) => {
      asked += 1;
      return original(shop);
    };
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await t.app.inject({
          url: `/billing/return?shop=${i % 2 ? SHOP_A : 'never-installed.myshopify.com'}`,
          remoteAddress: '203.0.113.9',
        });
        statuses.push(res.statusCode);
      }
      expect(asked).toBe(0);
      expect(statuses.filter((status) => status === 303)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual([429, 429]);
      const elsewhere = await t.app.inject({
        url: `/billing/return?shop=${SHOP_A}`,
        remoteAddress: '203.0.113.10',
      });
      expect(elsewhere.statusCode).toBe(303);
    } finally {
      platform.activeAppSubscriptions = original;
    }
  });

  it('a signed upload URL writes once: a second PUT is refused and the first body stays', async () => {
    const key = 'shops/reliability/clips/single-use/original-video.mp4';
    const { url } = await t.deps.media.createSignedUploadUrl(key, {
      contentType: 'video/mp4',
      maxBytes: 1000,
      expiresIn: 600,
    });
    const path = new URL(url).pathname + new URL(url).search;
    const put = (body: string) =>
      t.app.inject({
        method: 'PUT',
        url: path,
        headers: { 'content-type': 'video/mp4' },
        payload: body,
      });
    expect((await put('first')).statusCode).toBe(200);
    const again = await put('second!');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This upload URL has already been used');
    expect((await t.deps.media.headObject(key))?.size).toBe('first'.length);
  });
});
