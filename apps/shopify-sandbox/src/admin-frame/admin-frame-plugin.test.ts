import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdminFrameOptions, adminFramePlugin } from './admin-frame-plugin';
import { queryHmac } from './embed-url';

const SHOP = 'demo-store.myshopify.com';
const ADMIN = `/sandbox/store/${SHOP}/apps/popstage`;

let app: FastifyInstance;
afterEach(() => app.close());

async function start(overrides: Partial<AdminFrameOptions> = {}) {
  app = Fastify();
  await app.register(adminFramePlugin, {
    prefix: '/sandbox',
    apiKey: 'sandbox-key',
    appUrl: () => 'https://app.example.com',
    sessionToken: async (shop) => `token-for-${shop}`,
    shops: async () => [{ domain: SHOP, name: 'Demo <Store>' }],
    ...overrides,
  });
  return app;
}

/** The iframe's URL as the page gives it to frame.js. */
function frameUrl(html: string): URL {
  const src = /data-src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('no iframe data-src in the page');
  return new URL(src.replaceAll('&amp;', '&'));
}

describe('the admin frame page', () => {
  it('embeds the app as Shopify does: shop, host and embedded=1', async () => {
    const res = await (await start()).inject(ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const url = frameUrl(res.body);
    expect(url.origin + url.pathname).toBe('https://app.example.com/');
    expect(url.searchParams.get('shop')).toBe(SHOP);
    expect(url.searchParams.get('embedded')).toBe('1');
    const host = Buffer.from(url.searchParams.get('host') ?? '', 'base64url').toString();
    expect(host).toBe('admin.shopify.com/store/demo-store');
    expect(res.body).toContain('data-api-key="sandbox-key"');
    expect(res.body).toContain('src="/sandbox/admin/frame.js"');
    // The shop's name is text, never markup.
    expect(res.body).toContain('Demo &lt;Store&gt;');
    expect(res.body).not.toContain('<Store>');
  });

  it("signs the first load's launch parameters as Shopify's admin does", async () => {
    await start({ apiSecret: 'app-secret-of-16-chars', nowSeconds: () => 1_800_000_000 });
    const url = frameUrl((await app.inject(`${ADMIN}?id_token=forged&hmac=forged`)).body);
    const params = url.searchParams;
    expect([...params.keys()].sort()).toEqual(
      ['embedded', 'hmac', 'host', 'id_token', 'locale', 'session', 'shop', 'timestamp'].sort(),
    );
    expect(params.get('id_token')).toBe(`token-for-${SHOP}`);
    expect(params.get('locale')).toBe('en');
    expect(params.get('timestamp')).toBe('1800000000');
    expect(params.get('session')).toMatch(/^[0-9a-f]{64}$/);
    expect(params.get('hmac')).toBe(queryHmac(params, 'app-secret-of-16-chars'));
    // The hmac covers every other parameter, sorted by name.
    const sorted = [...params.entries()]
      .filter(([name]) => name !== 'hmac')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    expect(params.get('hmac')).toBe(
      createHmac('sha256', 'app-secret-of-16-chars').update(sorted).digest('hex'),
    );
  });

  it('opens a deep link at that app path, keeping its query but not its embed parameters', async () => {
    await start({ appUrl: () => 'https://app.example.com/app/' });
    const res = await app.inject(`${ADMIN}/popclips/edit/7?tab=media&shop=evil.myshopify.com`);
    expect(res.statusCode).toBe(200);
    const url = frameUrl(res.body);
    expect(url.pathname).toBe('/app/popclips/edit/7');
    expect(url.searchParams.get('tab')).toBe('media');
    expect(url.searchParams.getAll('shop')).toEqual([SHOP]);
    expect(res.body).toContain(`data-admin-base="${ADMIN}"`);
  });

  it('lets the page frame only the app, and run only its own scripts', async () => {
    const res = await (await start()).inject(ADMIN);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain('frame-src https://app.example.com');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
  });

  it("frames an app on the sandbox's own origin with 'self'", async () => {
    await start({ appUrl: () => '/app' });
    const res = await app.inject(ADMIN);
    expect(res.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(res.body).toContain(`data-src="/app?shop=${SHOP}&amp;host=`);
  });

  it('answers 404 JSON for a malformed or unknown shop', async () => {
    await start();
    for (const shop of ['evil.example.com', 'Demo-Store.myshopify.com', 'other.myshopify.com']) {
      const res = await app.inject(`/sandbox/store/${shop}/apps/popstage/popclips`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not Found', message: expect.stringContaining(shop) });
    }
  });
});

describe('the admin frame scripts and tokens', () => {
  it('serves the local App Bridge as a bundled classic script any origin may load', async () => {
    const res = await (await start()).inject('/sandbox/app-bridge.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('ui-save-bar');
    expect(res.body).not.toMatch(/^\s*(import|export)\b/m);
  });

  it('serves the page script and stylesheet', async () => {
    await start();
    const script = await app.inject('/sandbox/admin/frame.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('app-frame');
    const css = await app.inject('/sandbox/admin/frame.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.save-bar');
  });

  it("hands out the shop's session token, uncached by HTTP", async () => {
    await start();
    const res = await app.inject(`/sandbox/admin/session-token?shop=${SHOP}`);
    expect(res.json()).toEqual({ token: `token-for-${SHOP}` });
    expect(res.headers['cache-control']).toBe('no-store');
    const unknown = await app.inject('/sandbox/admin/session-token?shop=other.myshopify.com');
    expect(unknown.statusCode).toBe(404);
  });
});
