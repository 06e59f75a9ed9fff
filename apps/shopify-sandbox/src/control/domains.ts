import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxContext } from '../context';
import { type AddDomainInput, isLoopbackHost, type SandboxDomain } from '../store/domains';
import { badge, type Html, html } from '../web/html';
import type { WebhookDelivery } from '../webhooks/delivery';
import { requireSandboxShop } from './service';

/**
 * Domains as a merchant connects them in Shopify's admin, with the webhooks Shopify sends for
 * each change: `domains/create`, `domains/update` (the primary flag moved), `domains/destroy`,
 * and `shop/update` when the primary domain changed.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/enums/WebhookSubscriptionTopic
 */

/** The local Shopify's numeric shop id in webhook payloads (as privacy.ts sends it). */
const SHOP_ID = 1;

/** The REST Domain resource, as the domains/* webhooks carry it. */
export function domainPayload(domain: SandboxDomain) {
  return {
    id: domain.numericId,
    host: domain.host,
    ssl_enabled: domain.sslEnabled,
    localization: { country: null, default_locale: 'en', alternate_locales: [] },
  };
}

/** The REST Shop resource's main fields, as shop/update carries them. */
async function shopPayload(ctx: Pick<SandboxContext, 'store' | 'now'>, domain: string) {
  const shop = await requireSandboxShop(ctx, domain);
  return {
    id: SHOP_ID,
    name: shop.name,
    email: shop.email,
    domain: new URL(shop.primaryDomainUrl).host,
    myshopify_domain: shop.domain,
    shop_owner: shop.ownerName,
    currency: shop.currency,
    created_at: shop.createdAt,
    updated_at: ctx.now().toISOString(),
  };
}

export interface DomainChange {
  domain: SandboxDomain | null;
  /** Each webhook sent, by topic (null: the app has no subscription to it). */
  deliveries: { topic: string; delivery: WebhookDelivery | null }[];
}

type DomainContext = Pick<SandboxContext, 'store' | 'webhooks' | 'now'>;

async function send(ctx: DomainContext, shop: string, topic: string, payload: unknown) {
  return { topic, delivery: await ctx.webhooks.send(topic, shop, payload) };
}

export async function addShopDomain(
  ctx: DomainContext,
  listeners: DomainListeners,
  shop: string,
  input: AddDomainInput,
): Promise<DomainChange> {
  await requireSandboxShop(ctx, shop);
  const domain = await ctx.store.addDomain(shop, input);
  listeners.serve(domain.host);
  return { domain, deliveries: [await send(ctx, shop, 'domains/create', domainPayload(domain))] };
}

/** Makes a domain primary (null: the local Shopify's own origin). */
export async function makePrimaryDomain(
  ctx: DomainContext,
  shop: string,
  numericId: number | null,
): Promise<DomainChange> {
  await requireSandboxShop(ctx, shop);
  const changed = await ctx.store.setPrimaryDomain(shop, numericId);
  const deliveries = [];
  for (const domain of changed) {
    deliveries.push(await send(ctx, shop, 'domains/update', domainPayload(domain)));
  }
  if (changed.length > 0) {
    deliveries.push(await send(ctx, shop, 'shop/update', await shopPayload(ctx, shop)));
  }
  return { domain: changed.find((domain) => domain.primary) ?? null, deliveries };
}

export async function removeShopDomain(
  ctx: DomainContext,
  listeners: DomainListeners,
  shop: string,
  numericId: number,
): Promise<DomainChange> {
  await requireSandboxShop(ctx, shop);
  const domain = await ctx.store.removeDomain(shop, numericId);
  if (!domain) return { domain: null, deliveries: [] };
  listeners.close(domain.host);
  const deliveries = [await send(ctx, shop, 'domains/destroy', domainPayload(domain))];
  // The primary domain gone, the local Shopify's own origin is primary again.
  if (domain.primary)
    deliveries.push(await send(ctx, shop, 'shop/update', await shopPayload(ctx, shop)));
  return { domain, deliveries };
}

/**
 * Serves the store on each connected loopback domain (127.0.0.2:3000): a second listener that
 * hands every request to the server the local Shopify runs in, as DNS would point a custom
 * domain at Shopify. Linux routes all of 127.0.0.0/8 to the loopback interface. Other hosts are
 * stored and reported but not served (no DNS here).
 */
export interface DomainListeners {
  /** The server requests are handed to; listeners open once it listens. */
  attach(server: Server): void;
  serve(host: string): void;
  close(host: string): void;
  closeAll(): Promise<void>;
}

/**
 * Where a request to a connected domain goes instead, as Shopify redirects it: a storefront page
 * on a domain that is neither the primary one nor a market's goes to the same page on the primary
 * domain. Null: serve it here.
 */
export async function domainRedirect(
  ctx: Pick<SandboxContext, 'store'>,
  host: string,
  path: string,
): Promise<string | null> {
  const domain = await ctx.store.findDomainByHost(host);
  if (!domain || domain.primary || domain.market !== null) return null;
  const root = new URL(domain.url).pathname;
  if (path !== root && !path.startsWith(`${root}/`) && !path.startsWith(`${root}?`)) return null;
  const shop = await ctx.store.getShop(domain.shop);
  return shop ? `${shop.primaryDomainUrl}${path.slice(root.length)}` : null;
}

export function createDomainListeners(
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  redirectOf: (host: string, path: string) => Promise<string | null> = async () => null,
): DomainListeners {
  let target: Server | null = null;
  const open = new Map<string, Server>();
  const pending = new Set<string>();

  const listen = (host: string) => {
    if (!target || open.has(host)) return;
    const match = /^(.+):(\d+)$/.exec(host);
    if (!match?.[1] || !match[2]) return;
    const server = createServer((request, response) => {
      redirectOf(host, request.url ?? '/').then(
        (location) => {
          if (!location) return target?.emit('request', request, response);
          response.writeHead(301, { location }).end();
        },
        (error: unknown) => {
          log.warn({ err: error, host }, 'domain redirect failed');
          target?.emit('request', request, response);
        },
      );
    });
    open.set(host, server);
    server.on('error', (error) => {
      open.delete(host);
      log.warn({ err: error, host }, 'the local Shopify cannot serve this domain');
    });
    server.listen(Number(match[2]), match[1], () => log.info({ host }, 'serving domain'));
  };

  return {
    attach(server) {
      target = server;
      const start = () => {
        for (const host of pending) listen(host);
        pending.clear();
      };
      if (server.listening) start();
      else server.once('listening', start);
    },
    serve(host) {
      if (!isLoopbackHost(host) || !/:\d+$/.test(host)) return;
      if (target?.listening) listen(host);
      else pending.add(host);
    },
    close(host) {
      pending.delete(host);
      open.get(host)?.close();
      open.delete(host);
    },
    async closeAll() {
      pending.clear();
      const servers = [...open.values()];
      open.clear();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}

/** The control page's Domains part: the shop's domains and the merchant's changes. */
export function domainsSection(shop: {
  domain: string;
  primaryDomainUrl: string;
  domains: SandboxDomain[];
  suggestedHost: string;
}): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}/domains`;
  const ownIsPrimary = !shop.domains.some((domain) => domain.primary);
  const role = (domain: SandboxDomain) =>
    domain.primary
      ? badge(true, 'Primary')
      : domain.market
        ? badge(true, `Market: ${domain.market}`)
        : badge(false, 'Redirects to primary');
  return html`<h3>Domains</h3>
  <p class="muted">Connect domains as a merchant does in Shopify's admin; the app gets <code>domains/create</code>, <code>domains/update</code>, <code>domains/destroy</code> and <code>shop/update</code>. A loopback domain (such as <code>${shop.suggestedHost}</code>) is served by this machine, so the storefront opens on a second origin.</p>
  <table>
    <tr><th>Domain</th><th>Role</th><th></th></tr>
    <tr><td>${new URL(shop.primaryDomainUrl).host}${ownIsPrimary ? '' : html` <small class="muted">(the local Shopify's own)</small>`}</td><td>${ownIsPrimary ? badge(true, 'Primary') : badge(false, 'Local Shopify origin')}</td><td>${
      ownIsPrimary
        ? ''
        : html`<form method="post" action="${base}/primary"><input type="hidden" name="domainId" value=""><button type="submit">Make the local origin primary</button></form>`
    }</td></tr>
    ${shop.domains.map(
      (domain) => html`<tr>
      <td><a href="${domain.url}">${domain.host}</a></td>
      <td>${role(domain)}</td>
      <td class="inline">${
        domain.primary || domain.market
          ? ''
          : html`<form method="post" action="${base}/primary"><input type="hidden" name="domainId" value="${String(domain.numericId)}"><button type="submit">Make primary</button></form>`
      }<form method="post" action="${base}/${String(domain.numericId)}/remove"><button type="submit" class="danger">Remove</button></form></td>
    </tr>`,
    )}
  </table>
  <form class="row" method="post" action="${base}">
    <span class="inline"><input class="field" name="host" required maxlength="253" value="${shop.suggestedHost}" aria-label="Custom domain"> <button type="submit">Add custom domain</button></span>
  </form>
  <form class="row" method="post" action="${base}">
    <span class="inline"><input class="field" name="host" required maxlength="253" placeholder="127.0.0.3:3000" aria-label="Market domain"> <input class="field" name="market" required maxlength="100" value="International" aria-label="Market name"> <button type="submit">Add market domain</button></span>
  </form>`;
}
