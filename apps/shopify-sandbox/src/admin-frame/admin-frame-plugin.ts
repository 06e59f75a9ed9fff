import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isShopDomain } from '@popstage/core/shop';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderAdminPage } from './admin-page';
import { bundleScript, type ClientScript } from './bundle-script';
import { embeddedAppUrl, frameSource } from './embed-url';

export interface AdminFrameOptions {
  /** The app's URL for a shop (absolute, or a path on this server): the iframe points there. */
  appUrl: (shop: string) => string;
  /** A session token for the shop, as Shopify's admin hands App Bridge (HS256, aud = apiKey). */
  sessionToken: (shop: string) => Promise<string>;
  /** The app's API key: the app's `shopify-api-key` meta tag must carry it to get tokens. */
  apiKey: string;
  /** The app's client secret: signs the launch parameters (`hmac`) of the app's first load. */
  apiSecret?: string;
  /** Seconds since the epoch (the launch parameters' `timestamp`). */
  nowSeconds?: () => number;
  /** The shops whose admin opens; any other shop is answered 404. */
  shops: () => Promise<readonly { domain: string; name: string }[]>;
  /** Shown in the menu and the title bar. */
  appName?: string;
}

/** The app's handle in admin URLs, as Shopify's `/store/<shop>/apps/<handle>`. */
const APP_HANDLE = 'popstage';
const CSS_URL = new URL('./admin-page.css', import.meta.url);

function notFound(reply: FastifyReply, message: string) {
  return reply.code(404).send({ error: 'Not Found', message });
}

type ShopLookup = { shop: { domain: string; name: string } } | { error: string };

async function findShop(options: AdminFrameOptions, shop: string): Promise<ShopLookup> {
  if (!isShopDomain(shop)) return { error: `"${shop}" is not a *.myshopify.com domain` };
  const found = (await options.shops()).find((known) => known.domain === shop);
  return found ? { shop: found } : { error: `The sandbox has no shop ${shop}` };
}

/**
 * The sandbox Shopify admin: a page that embeds the app as Shopify's admin does, the local App
 * Bridge the app loads inside it, and the session tokens that page hands App Bridge. Routes are
 * relative to the prefix the server mounts this plugin at (`/sandbox`).
 */
export async function adminFramePlugin(app: FastifyInstance, options: AdminFrameOptions) {
  const appName = options.appName ?? 'Popstage';
  let css: Promise<string> | null = null;

  const sendScript = async (reply: FastifyReply, name: ClientScript) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await bundleScript(name));

  // The app loads App Bridge from the admin's origin, which may not be its own (as Shopify's CDN).
  app.get('/app-bridge.js', (_request, reply) =>
    sendScript(reply.header('cross-origin-resource-policy', 'cross-origin'), 'app-bridge'),
  );
  app.get('/admin/frame.js', (_request, reply) => sendScript(reply, 'admin-frame'));
  app.get('/admin/frame.css', async (_request, reply) => {
    css ??= readFile(CSS_URL, 'utf8');
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await css);
  });

  app.get<{ Querystring: { shop?: string } }>('/admin/session-token', async (request, reply) => {
    const found = await findShop(options, request.query.shop ?? '');
    if ('error' in found) return notFound(reply, found.error);
    const token = await options.sessionToken(found.shop.domain);
    return reply.header('cache-control', 'no-store').send({ token });
  });

  const adminPage = async (
    request: { params: { shop: string; '*'?: string }; url: string },
    reply: FastifyReply,
  ) => {
    const found = await findShop(options, request.params.shop);
    if ('error' in found) return notFound(reply, found.error);
    const { domain, name } = found.shop;
    const appUrl = options.appUrl(domain);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const html = renderAdminPage({
      shop: domain,
      shopName: name,
      appName,
      apiKey: options.apiKey,
      prefix: app.prefix,
      adminBase: `${app.prefix}/store/${domain}/apps/${APP_HANDLE}`,
      appUrl,
      frameUrl: embeddedAppUrl(
        appUrl,
        domain,
        `/${request.params['*'] ?? ''}`,
        query,
        options.apiSecret
          ? {
              idToken: await options.sessionToken(domain),
              locale: 'en',
              session: createHash('sha256').update(`${domain}:${options.apiKey}`).digest('hex'),
              timestamp: options.nowSeconds?.() ?? Math.floor(Date.now() / 1000),
              apiSecret: options.apiSecret,
            }
          : undefined,
      ),
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        [
          "default-src 'none'",
          "script-src 'self'",
          "style-src 'self'",
          "img-src 'self' data:",
          "connect-src 'self'",
          `frame-src ${frameSource(appUrl)}`,
          "frame-ancestors 'self'",
          "base-uri 'none'",
          "form-action 'none'",
        ].join('; '),
      )
      .send(html);
  };
  app.get<{ Params: { shop: string } }>(`/store/:shop/apps/${APP_HANDLE}`, adminPage);
  app.get<{ Params: { shop: string; '*': string } }>(
    `/store/:shop/apps/${APP_HANDLE}/*`,
    adminPage,
  );
}
