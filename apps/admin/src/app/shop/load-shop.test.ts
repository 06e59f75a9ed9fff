import type { RouteContract } from '@popstage/core/contract';
import type { Shop } from '@popstage/core/shop';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/client';
import { readyShop } from '../../test/shop-fixture';
import { loadShop } from './load-shop';

const settling: Partial<Shop> = {
  subscriptionActive: false,
  subscription: {
    id: 'sub-1',
    status: 'PENDING',
    addonIds: [],
    activatedAt: null,
    planId: 'plan-1',
    subscriptionSubtotal: { amount: '0.00', currencyCode: 'USD' },
    subscriptionTotal: { amount: '0.00', currencyCode: 'USD' },
    subscriptionDiscount: null,
    subscriptionDiscountPercentage: null,
    isStubSubscription: false,
    confirmationUrl: null,
    createdAt: '2025-01-01T00:00:00Z',
    lineItems: [],
  },
};

function apiAnswering(...shops: Shop[]) {
  const get = vi.fn(async (contract: RouteContract) => {
    expect(`${contract.method} ${contract.path}`).toBe('GET /api/shopify/shop');
    return shops[Math.min(get.mock.calls.length - 1, shops.length - 1)];
  });
  return { api: { call: get } as unknown as ApiClient, get };
}

const noWait = vi.fn(async () => {});

describe('loadShop', () => {
  it('loads once when the subscription is active', async () => {
    const { api, get } = apiAnswering(readyShop());
    await expect(loadShop(api, { wait: noWait })).resolves.toMatchObject({
      subscriptionActive: true,
    });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('loads once when there is no subscription at all', async () => {
    const { api, get } = apiAnswering(readyShop({ subscriptionActive: false, subscription: null }));
    await loadShop(api, { wait: noWait });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('asks again while a subscription exists but is not active yet, until it is', async () => {
    const { api, get } = apiAnswering(readyShop(settling), readyShop(settling), readyShop());
    const wait = vi.fn(async (_retry: number) => {});
    await expect(loadShop(api, { wait })).resolves.toMatchObject({ subscriptionActive: true });
    expect(get).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls.map(([retry]) => retry)).toEqual([1, 2]);
  });

  it('gives up after 4 retries and returns the last answer', async () => {
    const { api, get } = apiAnswering(readyShop(settling));
    await expect(loadShop(api, { wait: noWait })).resolves.toMatchObject({
      subscriptionActive: false,
    });
    expect(get).toHaveBeenCalledTimes(5);
  });
});
