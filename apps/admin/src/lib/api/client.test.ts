import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError } from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('createApiClient', () => {
  it('sends the bearer token and a JSON body', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(200, { ok: true }));
    const api = createApiClient(async () => 'token-1', fetchImpl);
    await expect(api.post('/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    const [path, init] = fetchImpl.mock.calls[0] ?? [];
    expect(path).toBe('/api/thing');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('retries a 401 once with a freshly issued token', async () => {
    const getToken = vi.fn(async (request?: { forceRefresh?: boolean }) =>
      request?.forceRefresh ? 'fresh' : 'stale',
    );
    const fetchImpl = vi.fn<typeof fetch>(async (_path, init) =>
      new Headers(init?.headers).get('Authorization') === 'Bearer fresh'
        ? json(200, { shop: 1 })
        : json(401, { error: 'unauthorized', message: 'expired' }),
    );
    const api = createApiClient(getToken, fetchImpl);
    await expect(api.get('/api/shopify/shop')).resolves.toEqual({ shop: 1 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('turns `{ error, message }` answers into an ApiError', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(422, { error: 'validation', message: 'Invalid email address' }),
    );
    const api = createApiClient(async () => 't', fetchImpl);
    const error = await api.get('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation',
      message: 'Invalid email address',
    });
    expect((error as ApiError).transient).toBe(false);
  });

  it('reports an unreachable server as a transient network error', async () => {
    const api = createApiClient(
      async () => 't',
      async () => {
        throw new TypeError('fetch failed');
      },
    );
    const error = (await api.get('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe('network_error');
    expect(error.transient).toBe(true);
  });
});
