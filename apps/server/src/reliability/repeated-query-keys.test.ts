import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, type TestApp } from '../test/app';
import { addStaff, signedIn } from '../test/operator-console';

/**
 * Issue 28: a query key given twice (`?shop=a&shop=b`) reached console handlers as a list where
 * they expected a string, and two pages answered 500. Every route now refuses a repeated key with
 * a 400 (a route with a query schema: the schema decides), and the console answers with its own
 * page. The route fuzz never signed in to the console; this test does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '100000', STOREFRONT_RATE_LIMIT: '100000' });
  await addStaff(t, ['admin']);
});
afterAll(() => t.close());

/** The names handlers and query schemas read, each given twice. */
const KEYS = [
  'shop',
  'target',
  'q',
  'query',
  'page',
  'size',
  'limit',
  'first',
  'from',
  'to',
  'window',
  'visitorId',
  'phone',
  'token',
  'renderUrl',
  'customerId',
  'shopifySubdomain',
  'currentPlanPrice',
  'newPlanPrice',
  'charge_id',
];
const REPEATED = KEYS.map((key) => `${key}=a&${key}=b`).join('&');
const path = (url: string) =>
  url
    .replace(/:shop\b/g, SHOP_A)
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*$/, 'x');

describe('a repeated query key', () => {
  it('answers 400 with the console page on every console page, after signing in', async () => {
    const admin = await signedIn(t, 'admin');
    const pages = t.app.routeList.filter(
      (route) =>
        route.method === 'GET' &&
        route.url.startsWith('/operator') &&
        !route.url.startsWith('/operator/api') &&
        route.url !== '/operator/sign-in',
    );
    expect(pages.length).toBeGreaterThan(8);
    const answers = [];
    for (const page of pages) {
      const url = `${path(page.url)}?${REPEATED}`;
      const res = await admin.get(url);
      answers.push({
        page: page.url,
        status: res.statusCode,
        type: String(res.headers['content-type']),
        // The console's page (its navigation) with the message, not a stack or a bare text.
        consolePage: res.body.includes('Sign out') && res.body.includes('once'),
      });
    }
    expect(answers).toEqual(
      pages.map((page) => ({
        page: page.url,
        status: 400,
        type: 'text/html',
        consolePage: true,
      })),
    );
  });

  it('never answers 5xx on any route, as a shop, as the staff API and anonymously', async () => {
    const shop = await t.auth(SHOP_A);
    const staffApi = { authorization: `Bearer ${t.deps.config.OPERATOR_API_TOKEN}` };
    const failures: string[] = [];
    for (const route of t.app.routeList) {
      // The widget's scripts answer 503 only because the test app has no built widget.
      if (route.method !== 'GET' || route.url === '/metrics') continue;
      if (/\/storefront\/v1\/(widget|live|hls)\.js$/.test(route.url)) continue;
      for (const headers of [shop, staffApi, {}]) {
        const url = `${path(route.url)}?${REPEATED}`;
        const res = await t.app.inject({ method: 'GET', url, headers });
        if (res.statusCode >= 500) failures.push(`${res.statusCode} GET ${url.split('?')[0]}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
