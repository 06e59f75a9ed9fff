import {
  type RouteContract,
  type RouteInput,
  type RouteResponse,
  routePath,
  routeQuery,
} from '@popstage/core/contract';
import type { TokenRequest } from '../../app/host/types';
import { ApiError } from './errors';

export type GetSessionToken = (request?: TokenRequest) => Promise<string>;

/** Extra headers computed per send from the token used and the exact request (signed calls). */
export type RequestSigner = (request: {
  token: string;
  method: string;
  path: string;
  body: string;
}) => Promise<Record<string, string>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  sign?: RequestSigner;
}

export interface ApiClient {
  /** Calls a route of the server's contract: path, method and types all come from it. */
  call<C extends RouteContract>(
    contract: C,
    input: RouteInput<C>,
    options?: { signal?: AbortSignal; sign?: RequestSigner },
  ): Promise<RouteResponse<C>>;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  put<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

/**
 * Same-origin JSON calls carrying `Authorization: Bearer <session token>`. A 401 is retried once
 * with a fresh token, since a token can expire between being read and reaching the server.
 */
export function createApiClient(
  getSessionToken: GetSessionToken,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): ApiClient {
  async function send(path: string, options: RequestOptions, forceRefresh: boolean) {
    const token = await getSessionToken({ forceRefresh });
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const method = options.method ?? 'GET';
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (options.sign)
      Object.assign(headers, await options.sign({ token, method, path, body: body ?? '' }));
    try {
      return await fetchImpl(path, {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw ApiError.network(cause);
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    let response = await send(path, options, false);
    if (response.status === 401) response = await send(path, options, true);
    if (!response.ok) throw await ApiError.fromResponse(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  function call<C extends RouteContract>(
    contract: C,
    input: RouteInput<C>,
    options: { signal?: AbortSignal; sign?: RequestSigner } = {},
  ): Promise<RouteResponse<C>> {
    const parts = input as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const path = routePath(contract, parts.params) + routeQuery(parts.query);
    return request<RouteResponse<C>>(path, {
      method: contract.method,
      body: parts.body,
      signal: options.signal,
      ...(options.sign ? { sign: options.sign } : {}),
    });
  }

  return {
    call,
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}
