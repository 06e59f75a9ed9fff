import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_TEXT } from '../http/text-guard';
import { createTestApp, SHOP_A, type TestApp } from '../test/app';
import { postWebhook } from '../test/webhooks';

/**
 * Finding: a NUL byte or a lone UTF-16 surrogate answered 500 on 25 routes (PostgreSQL refuses
 * NUL in text). Now every route refuses them with 400 before its handler.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

/** A URL-encoded value; a lone surrogate has no UTF-8 form, so it is sent as its CESU-8 bytes. */
function encoded(value: string): string {
  return value === LONE_SURROGATE ? 'a%ED%A0%80b' : encodeURIComponent(value);
}

/** Each route's path with every parameter filled by `value`. */
function filled(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, encoded(value)).replace(/\*$/, encoded(value));
}

/** The operator console sends a request without its session to sign in, before reading it. */
const CONSOLE_SIGN_IN = '/operator/sign-in';

/** The refusal's words: the JSON body's message, or the operator console's page or text. */
function bodyMessage(res: { headers: Record<string, unknown>; body: string; json(): unknown }) {
  return String(res.headers['content-type']).startsWith('application/json')
    ? (res.json() as { message: string }).message
    : res.body;
}

describe('text a database cannot store', () => {
  for (const [label, value] of [
    ['a NUL byte', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ] as const) {
    it(`in a JSON body: 400 on every route that takes one, as any shop`, async () => {
      const auth = await t.auth(SHOP_A);
      const outcomes: string[] = [];
      for (const route of t.app.routeList) {
        if (!['POST', 'PUT', 'PATCH'].includes(route.method) || route.url.startsWith('/webhooks/'))
          continue;
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: filled(route.url, 'x'),
          headers: { ...auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ name: value, title: value, [value]: 1, nested: [{ value }] }),
        });
        outcomes.push(`${res.statusCode} ${route.method} ${route.url}`);
        expect(res.statusCode, `${label}: ${route.method} ${route.url}`).toBeLessThan(500);
        // Routes whose authentication comes first (operator, signed media) refuse with 401/403;
        // the operator console answers in HTML or text, with the same words.
        if (res.statusCode === 400) expect(bodyMessage(res)).toContain(MALFORMED_TEXT);
        else if (res.statusCode === 303) expect(res.headers.location).toBe(CONSOLE_SIGN_IN);
        else expect([401, 403], `${label}: ${route.method} ${route.url}`).toContain(res.statusCode);
      }
      expect(outcomes.filter((line) => line.startsWith('400')).length).toBeGreaterThan(20);
    });

    it(`in a query or path parameter: 400 (or refused before) on every route`, async () => {
      const auth = await t.auth(SHOP_A);
      for (const route of t.app.routeList) {
        // The widget's scripts (player, live player, hls.js) answer 503 here only because the test
        // app has no built widget.
        if (route.method === 'OPTIONS' || route.url.startsWith('/webhooks/')) continue;
        if (/\/storefront\/v1\/(widget|live|hls)\.js$/.test(route.url)) continue;
        const url = `${filled(route.url, value)}?q=${encoded(value)}&shop=${encoded(value)}`;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: auth,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${label}: ${route.method} ${route.url}`).toBeLessThan(500);
        // NUL decodes to a NUL: refused. The CESU-8 bytes of a surrogate are no UTF-8 and stay
        // as sent ('%ED%A0%80'), which any route may store or refuse as its schema says.
        if (value === NUL && res.statusCode === 303) {
          expect(res.headers.location).toBe(CONSOLE_SIGN_IN);
        } else if (value === NUL && res.statusCode !== 400) {
          expect([401, 403, 404], `${label}: ${route.method} ${route.url}`).toContain(
            res.statusCode,
          );
        }
      }
    });

    it(`in a signed webhook body: 400`, async () => {
      const res = await postWebhook(
        t,
        'orders/create',
        { id: 1, name: value, line_items: [] },
        { shop: SHOP_A },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MALFORMED_TEXT);
    });
  }

  it('a well-formed emoji (a surrogate pair) is ordinary text', async () => {
    const res = await t.asShop(
      SHOP_A,
      'GET',
      `/api/shopify/shop/check-phone?phone=${encodeURIComponent('😀')}`,
    );
    expect(res.statusCode).not.toBe(500);
    expect(res.json().message).not.toBe(MALFORMED_TEXT);
  });
});
