import type { Shop } from '@popstage/core';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { createSandboxHost } from '../app/host/sandbox/create-sandbox-host';
import { appRoutes } from '../app/routes';

export const TEST_TOKEN = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature';

type ShopAnswer = Shop | { status: number; body: unknown } | 'pending';

interface Options {
  path?: string;
  /** What GET /api/shopify/shop answers: a shop, an error response, or nothing yet. */
  shop?: ShopAnswer;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The whole admin (sandbox host, real route table and guards) over a fake server. */
export function renderApp({ path = '/', shop = 'pending' }: Options = {}) {
  const requests: Request[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(new URL(String(input), 'http://admin.test'), init);
    requests.push(request);
    const { pathname } = new URL(request.url);
    if (pathname === '/sandbox/session-token') return json(200, { token: TEST_TOKEN });
    if (pathname === '/api/shopify/shop') {
      if (shop === 'pending') return new Promise<Response>(() => {});
      if ('status' in shop && 'body' in shop) return json(shop.status, shop.body);
      return json(200, shop);
    }
    return json(404, { error: 'not_found', message: `No fake for ${pathname}` });
  };
  const host = createSandboxHost({
    win: window,
    fetchImpl,
    shopDomain: 'demo-store.myshopify.com',
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <App host={host} queryClient={queryClient} router={router} fetchImpl={fetchImpl} />,
  );
  return { ...view, router, requests, pathname: () => router.state.location.pathname };
}
