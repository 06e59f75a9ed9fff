import { guardRoute } from '@popstage/core/routing';
import type { Shop } from '@popstage/core/shop';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../lib/api/client';
import type { ScreenLoader } from '../lib/screen';
import { readyShop } from '../test/shop-fixture';
import { screen } from './screen-route';
import { shopQueryKey } from './shop/shop-query';

const PATH = '/popclips/list';
const Blank = () => null;

/** A router with one lazy screen whose loader is a spy; the shop answers from a fake server. */
function open(shop: Shop, cached: boolean) {
  const shopCalls: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    shopCalls.push(String(input));
    return new Response(JSON.stringify(shop), {
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const api = createApiClient(async () => 'token', fetchImpl);
  const queryClient = new QueryClient();
  if (cached) queryClient.setQueryData(shopQueryKey, shop);
  const context = { api, queryClient, shopDomain: shop.shopifyDomain };
  const loader = vi.fn<ScreenLoader>();
  const router = createMemoryRouter(
    [{ path: PATH, lazy: screen(context, async () => ({ Component: Blank, loader })) }],
    { initialEntries: [PATH] },
  );
  return { router, loader, context, shopCalls };
}

describe('screen routes', () => {
  it("run the screen's loader with the admin's context once the guards let the shop in", async () => {
    const { router, loader, context } = open(readyShop(), true);
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    expect(loader.mock.calls[0]?.[0]).toBe(context);
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('load the shop first when nothing has loaded it yet', async () => {
    const { loader, shopCalls } = open(readyShop(), false);
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    expect(shopCalls).toEqual(['/api/shopify/shop']);
  });

  it('prefetch nothing for a page the guards send the shop away from', async () => {
    const shop = readyShop({ subscriptionActive: false });
    expect(guardRoute(PATH, shop).kind).toBe('redirect');
    const { router, loader, shopCalls } = open(shop, false);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    await waitFor(() => expect(shopCalls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loader).not.toHaveBeenCalled();
  });
});
