import type { Shop } from '@popstage/core/shop';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/client';
import { isExternal, sendAppEvent, sendProductAnalytics } from './app-events';

const shop = (dataLakeUrl: string | null) =>
  ({ shopifyDomain: 'demo-store.myshopify.com', config: { dataLakeUrl } }) as unknown as Pick<
    Shop,
    'config' | 'shopifyDomain'
  >;

function fakeApi() {
  const put = vi.fn(async () => ({ accepted: 1 }));
  return { api: { put } as unknown as ApiClient, put };
}

describe('analytics event senders', () => {
  it('sends to our own server through the API client, with session id and device context', async () => {
    const { api, put } = fakeApi();
    const fetchImpl = vi.fn();
    await sendProductAnalytics(
      api,
      shop(null),
      { action: 'export_csv', category: 'insights' },
      fetchImpl,
    );
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(put).toHaveBeenCalledTimes(1);
    const [url, body] = put.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(url).toBe('/ingest/productanalytics');
    expect(body).toMatchObject({
      action: 'export_csv',
      category: 'insights',
      shopId: 'demo-store.myshopify.com',
      sessionId: expect.any(String),
      device: expect.objectContaining({ timezone: expect.any(String) }),
      occurredAt: expect.any(String),
    });
    // The same tab session keeps its id.
    await sendAppEvent(api, shop(null), { action: 'checkout', category: 'billing' });
    const second = put.mock.calls[1] as unknown as [string, Record<string, unknown>];
    expect(second[0]).toBe('/ingest/appevents');
    expect(second[1].sessionId).toBe(body.sessionId);
  });

  it('never gives an external data lake the session token', async () => {
    const { api, put } = fakeApi();
    const fetchImpl = vi.fn(async () => new Response(null, { status: 202 }));
    await sendAppEvent(
      api,
      shop('https://lake.example.com/'),
      { action: 'checkout', category: 'billing' },
      fetchImpl,
    );
    expect(put).not.toHaveBeenCalled();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://lake.example.com/ingest/appevents');
    expect(init.credentials).toBe('omit');
    expect(JSON.stringify(init.headers)).not.toMatch(/authorization/i);
    expect(JSON.parse(String(init.body))).toMatchObject({ shopId: 'demo-store.myshopify.com' });
  });

  it('tells external URLs from same-origin ones', () => {
    expect(isExternal('/ingest/appevents', 'http://localhost:3000')).toBe(false);
    expect(isExternal('http://localhost:3000/ingest/appevents', 'http://localhost:3000')).toBe(
      false,
    );
    expect(isExternal('https://lake.example.com/ingest', 'http://localhost:3000')).toBe(true);
  });

  it('only logs a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = {
      put: vi.fn(async () => Promise.reject(new Error('down'))),
    } as unknown as ApiClient;
    await expect(
      sendAppEvent(api, shop(null), { action: 'a', category: 'b' }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
