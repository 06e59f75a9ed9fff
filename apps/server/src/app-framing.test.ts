import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedAppUrl, signSessionToken } from '@popstage/shopify-sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createTestApp, SHOPIFY_MODE_ENV, type TestApp } from './test/app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(join(tmpdir(), 'popstage-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/assets/a.js"></script></head><body><div id="root"></div></body></html>',
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The admin's page as the admin frame's iframe asks for it (embedded: no redirect). */
const EMBEDDED =
  'shop=demo-store.myshopify.com&host=YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvZGVtby1zdG9yZQ&embedded=1';
const page = {
  method: 'GET' as const,
  url: `/popclips/list?${EMBEDDED}`,
  headers: { accept: 'text/html' },
};

/** A Content-Security-Policy header as its directives, each with its sources. */
const policy = (res: { headers: Record<string, unknown> }) =>
  new Map(
    String(res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]): [string, string] => [name ?? '', sources.join(' ')]),
  );

const firstScript = (html: string) => /<script[^>]*>/.exec(html)?.[0];

/** The app as it runs under Shopify's admin (no local Shopify), with `env` over Shopify mode's. */
const shopifyModeApp = (env: Record<string, string> = {}) =>
  buildApp({
    ...t.deps,
    config: loadConfig({ ...SHOPIFY_MODE_ENV, LOG_LEVEL: 'silent', ...env }),
    sandbox: null,
    localShopify: null,
    adminDist: dist,
  });

describe('the admin document', () => {
  it('carries the API key and the local App Bridge first in sandbox mode', async () => {
    const app = await buildApp({ ...t.deps, adminDist: dist });
    const { body } = await app.inject(page);
    expect(body).toContain(
      `<meta name="shopify-api-key" content="${t.deps.config.SHOPIFY_API_KEY}" />`,
    );
    expect(firstScript(body)).toBe('<script src="/sandbox/app-bridge.js">');
    await app.close();
  });

  it("loads App Bridge from Shopify's CDN in Shopify mode, with the configured key", async () => {
    const app = await shopifyModeApp({ SHOPIFY_API_KEY: 'key-"1"' });
    const { body } = await app.inject(page);
    expect(body).toContain('<meta name="shopify-api-key" content="key-&quot;1&quot;" />');
    expect(firstScript(body)).toBe(
      '<script src="https://cdn.shopify.com/shopifycloud/app-bridge.js">',
    );
    await app.close();
  });
});

describe('an admin page opened outside the admin frame in sandbox mode', () => {
  const open = async (url: string, headers: Record<string, string> = {}) => {
    const app = await buildApp({ ...t.deps, adminDist: dist });
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...headers },
    });
    await app.close();
    return res;
  };

  it("redirects / into the demo store's admin frame", async () => {
    const res = await open('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sandbox/store/demo-store.myshopify.com/apps/popstage');
  });

  it('keeps the path and query, and takes a sandbox shop from ?shop=', async () => {
    const res = await open('/popclips/list?shop=other-store.myshopify.com');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      '/sandbox/store/other-store.myshopify.com/apps/popstage/popclips/list',
    );
    const deep = await open('/popclips/edit/7?tab=media&shop=Other-Store.myshopify.com');
    expect(deep.headers.location).toBe(
      '/sandbox/store/other-store.myshopify.com/apps/popstage/popclips/edit/7?tab=media',
    );
  });

  it('opens the demo store for a value that is no shop domain', async () => {
    const res = await open('/insights?shop=evil.example.com');
    expect(res.headers.location).toBe(
      '/sandbox/store/demo-store.myshopify.com/apps/popstage/insights',
    );
  });

  it('sends a shop the local Shopify does not have to its admin, which says so', async () => {
    const res = await open('/insights?shop=nobody.myshopify.com');
    expect(res.headers.location).toBe('/sandbox/store/nobody.myshopify.com/apps/popstage/insights');
    const frame = await t.app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(frame.statusCode).toBe(404);
    expect(frame.body).toContain('The sandbox has no shop nobody.myshopify.com');
  });

  it('serves the admin when embedded: host or embedded given, or an iframe navigation', async () => {
    for (const res of [
      await open(`/popclips/list?${EMBEDDED}`),
      await open('/?embedded=1'),
      await open('/account/plans', { 'sec-fetch-dest': 'iframe' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('leaves API paths and non-HTML requests alone', async () => {
    expect((await open('/api/nope')).statusCode).toBe(404);
    expect((await open('/sandbox/nope')).statusCode).toBe(404);
    const app = await buildApp({ ...t.deps, adminDist: dist });
    const json = await app.inject({
      method: 'GET',
      url: '/popclips/list',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    await app.close();
  });
});

describe('HTML responses', () => {
  it('may be framed only by the app itself in sandbox mode', async () => {
    const app = await buildApp({ ...t.deps, adminDist: dist });
    const res = await app.inject(page);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(policy(res).get('frame-ancestors')).toBe("'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });

  it('may be framed only by the shop admin in Shopify mode', async () => {
    const app = await shopifyModeApp();
    // Shopify mode never redirects: Shopify's admin frames the app.
    const withShop = await app.inject({ ...page, url: '/?shop=demo-store.myshopify.com' });
    expect(withShop.statusCode).toBe(200);
    expect(policy(withShop).get('frame-ancestors')).toBe(
      'https://demo-store.myshopify.com https://admin.shopify.com',
    );
    const forged = await app.inject({ ...page, url: '/?shop=evil.example.com' });
    expect(policy(forged).get('frame-ancestors')).toBe('https://admin.shopify.com');
    await app.close();
  });

  it('the admin document has a strict policy naming every kind of source (issue 28)', async () => {
    const app = await shopifyModeApp();
    const shopify = policy(await app.inject({ ...page, url: '/?shop=demo-store.myshopify.com' }));
    await app.close();
    const sandbox = await buildApp({ ...t.deps, adminDist: dist });
    const offline = policy(await sandbox.inject(page));
    await sandbox.close();
    for (const directives of [shopify, offline]) {
      for (const name of [
        'default-src',
        'script-src',
        'style-src',
        'connect-src',
        'img-src',
        'media-src',
        'frame-src',
        'object-src',
        'base-uri',
        'form-action',
        'frame-ancestors',
      ]) {
        expect(directives.get(name), name).toBeTruthy();
      }
      // No inline or evaluated script can run: only named script sources.
      expect(directives.get('script-src')).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)|data:/);
      expect(directives.get('object-src')).toBe("'none'");
      expect(directives.get('default-src')).toBe("'self'");
    }
    // App Bridge from Shopify's CDN in Shopify mode; the local Shopify's (same origin) offline.
    expect(shopify.get('script-src')?.split(' ')).toContain('https://cdn.shopify.com');
    expect(offline.get('script-src')?.split(' ')).not.toContain('https://cdn.shopify.com');
    // The shop's own admin API (App Bridge's direct API access) and nothing of another shop.
    expect(shopify.get('connect-src')?.split(' ')).toContain('https://demo-store.myshopify.com');
  });

  it('answers unknown API paths with JSON 404, not the SPA', async () => {
    const app = await buildApp({ ...t.deps, adminDist: dist });
    const res = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found' });
    await app.close();
  });
});

describe('the admin page without an HTML Accept header (curl, a probe)', () => {
  it('GET / sends the local admin frame, as a browser gets it', async () => {
    const app = await buildApp({ ...t.deps, adminDist: dist });
    for (const headers of [{}, { accept: '*/*' }]) {
      const res = await app.inject({ method: 'GET', url: '/', headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toContain('/sandbox/store/demo-store.myshopify.com/apps/');
    }
    const embedded = await app.inject({ method: 'GET', url: `/?${EMBEDDED}`, headers: {} });
    expect(embedded.statusCode).toBe(200);
    expect(embedded.headers['content-type']).toContain('text/html');
    expect(embedded.body).toContain('<div id="root"></div>');
    await app.close();
  });

  it('keeps a missing file and an API path a JSON 404', async () => {
    const app = await buildApp({ ...t.deps, adminDist: dist });
    for (const url of ['/assets/missing.js', '/api/nope', '/favicon.ico']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found' });
    }
    await app.close();
  });
});

describe("the embedded app's first load", () => {
  const keys = () => ({
    apiKey: t.deps.config.SHOPIFY_API_KEY,
    apiSecret: t.deps.config.SHOPIFY_API_SECRET,
  });
  /** The iframe URL the local Shopify's admin builds, launch parameters and hmac included. */
  const launchUrl = async (shop: string, tokenShop = shop, secret = keys().apiSecret, age = 0) =>
    embeddedAppUrl('/', shop, '/popclips/list', new URLSearchParams(), {
      idToken: await signSessionToken(keys(), tokenShop),
      locale: 'en',
      session: 'a-session',
      timestamp: Math.floor(t.deps.clock.now().getTime() / 1000) - age,
      apiSecret: secret,
    });

  it('serves the admin when id_token, hmac, host, locale, session and timestamp verify', async () => {
    const app = await buildApp({ ...t.deps, adminDist: dist });
    const url = await launchUrl('demo-store.myshopify.com');
    const params = new URL(url, 'http://x').searchParams;
    expect([...params.keys()].sort()).toEqual(
      ['embedded', 'hmac', 'host', 'id_token', 'locale', 'session', 'shop', 'timestamp'].sort(),
    );
    const answer = await app.inject({ ...page, url });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('shopify-api-key');
    await app.close();
  });

  it('refuses a tampered hmac, another shop or a forged id_token with 401, and reloads a stale one without them', async () => {
    const app = await buildApp({ ...t.deps, adminDist: dist });
    const good = await launchUrl('demo-store.myshopify.com');
    const tampered = good.replace('locale=en', 'locale=fr');
    const otherShop = await launchUrl('demo-store.myshopify.com', 'other-store.myshopify.com');
    const forged = await launchUrl(
      'demo-store.myshopify.com',
      'demo-store.myshopify.com',
      'a-secret-the-app-does-not-have',
    );
    const stale = await launchUrl(
      'demo-store.myshopify.com',
      'demo-store.myshopify.com',
      keys().apiSecret,
      600,
    );
    for (const url of [tampered, otherShop, forged]) {
      const answer = await app.inject({ ...page, url });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().error).toBe('Unauthorized');
    }
    // Signed but old (a reload of a first load's URL): loaded again without launch parameters.
    const reload = await app.inject({ ...page, url: stale });
    expect(reload.statusCode).toBe(302);
    const location = new URL(String(reload.headers.location), 'http://x');
    expect(location.pathname).toBe('/popclips/list');
    expect([...location.searchParams.keys()].sort()).toEqual(['embedded', 'host', 'shop']);
    await app.close();
  });
});
