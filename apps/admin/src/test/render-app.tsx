import type { Shop } from '@popstage/core/shop';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { createShopifyHost } from '../app/host/shopify/create-shopify-host';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';
import { createApiClient } from '../lib/api/client';
import { createTestAppBridge } from './app-bridge';
import { billingRoutes } from './billing-fixture';
import type { FakeRoutes } from './fake-routes';

export type { FakeAnswer, FakeRoutes } from './fake-routes';

export const TEST_TOKEN = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature';

type ShopAnswer = Shop | { status: number; body: unknown } | 'pending';

interface Options {
  path?: string;
  /** What GET /api/shopify/shop answers: a shop, an error response, or nothing yet; a function
   * is asked on every load (to answer the shop as it is after a purchase). */
  shop?: ShopAnswer | (() => ShopAnswer);
  /** Added to the default fakes (the billing catalogue and gating), replacing same keys. */
  routes?: FakeRoutes;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function findRoute(routes: FakeRoutes, method: string, pathname: string) {
  const exact = routes[`${method} ${pathname}`];
  if (exact) return exact;
  const prefix = Object.keys(routes).find((key) => {
    const [keyMethod, keyPath = ''] = key.split(' ');
    return (
      keyMethod === method && keyPath.endsWith('/*') && pathname.startsWith(keyPath.slice(0, -1))
    );
  });
  return prefix ? routes[prefix] : undefined;
}

/**
 * The whole admin (the App Bridge host as in the local Shopify, real route table and guards) over
 * a fake server and a test App Bridge (test/app-bridge.ts).
 */
export function renderApp({ path = '/', shop = 'pending', routes: extra = {} }: Options = {}) {
  const routes = {
    ...billingRoutes(),
    // The page shell asks every page's promo banners; none unless a test says so.
    'GET /api/popclips/shop-popups': { body: { data: [] } },
    ...extra,
  };
  const requests: Request[] = [];
  const bodies = new Map<Request, unknown>();
  /** Top-level redirects the host was asked for (the billing approval page). */
  const redirects: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(new URL(String(input), 'http://admin.test'), init);
    requests.push(request);
    const text = await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    bodies.set(request, body);
    const { pathname } = new URL(request.url);
    if (pathname === '/api/shopify/shop') {
      const answer = typeof shop === 'function' ? shop() : shop;
      if (answer === 'pending') return new Promise<Response>(() => {});
      if ('status' in answer && 'body' in answer) return json(answer.status, answer.body);
      return json(200, answer);
    }
    const route = findRoute(routes, request.method, pathname);
    if (route) {
      const answer = typeof route === 'function' ? await route(request, body) : route;
      return json(answer.status ?? 200, answer.body ?? {});
    }
    return json(404, { error: 'not_found', message: `No fake for ${pathname}` });
  };
  // The host's window: real document and App Bridge's global; a top-level redirect (App Bridge's
  // `open(url, '_top')`) is recorded, not performed.
  const win = {
    document: window.document,
    location: { search: '' },
    shopify: createTestAppBridge('demo-store.myshopify.com', TEST_TOKEN),
    open: (url: string, target?: string) => {
      if (target === '_top') redirects.push(url);
      return null;
    },
  } as unknown as Window;
  const host = createShopifyHost(win, { kind: 'sandbox' });
  const api = createApiClient((request) => host.getSessionToken(request), fetchImpl);
  // The admin's own cache settings, without retries so a failing fake fails at once.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const context = { api, queryClient, shopDomain: host.shopDomain };
  const router = createMemoryRouter(appRoutes(context), { initialEntries: [path] });
  const view = render(<App host={host} queryClient={queryClient} api={api} router={router} />);
  /** Calls made to `METHOD /path`, with their JSON bodies. */
  const calls = (method: string, pathname: string) =>
    requests
      .filter((r) => r.method === method && new URL(r.url).pathname === pathname)
      .map((r) => ({ request: r, body: bodies.get(r) }));
  return {
    ...view,
    router,
    requests,
    calls,
    redirects,
    pathname: () => router.state.location.pathname,
  };
}
