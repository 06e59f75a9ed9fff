import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP route as both sides see it: the spec's path (Fastify `:param` syntax), the schemas of
 * its params, query, body and success answer, and the success status. The server registers and
 * validates from it; the admin's typed client builds its calls from it.
 */
export interface RouteContract {
  method: HttpMethod;
  path: `/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema for `status` (errors are always `errorBodySchema`). */
  response: z.ZodType;
  /** Success status; 200 when absent. */
  status?: 200 | 201 | 202 | 204;
  /** A line for docs/api.md and error reports. */
  summary: string;
}

/** Keeps the literal types of a contract (method, path, schemas) for both sides to infer from. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: params, query and body as the schemas accept them (before defaults). */
export type RouteInput<C extends RouteContract> = {
  [K in 'params' | 'query' | 'body' as C[K] extends z.ZodType ? K : never]: InputOf<C[K]>;
};
/** What a handler receives once the schemas have parsed the request. */
export type RouteParsed<C extends RouteContract> = {
  params: OutputOf<C['params']>;
  query: OutputOf<C['query']>;
  body: OutputOf<C['body']>;
};
/** What a handler returns (the response schema's input; the server serialises through it). */
export type RouteReply<C extends RouteContract> = z.input<C['response']>;
/** What a caller receives. */
export type RouteResponse<C extends RouteContract> = z.output<C['response']>;

/** The contract's path with its `:params` filled in (each encoded). */
export function routePath(contract: RouteContract, params?: Record<string, unknown>): string {
  return contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${contract.path}: ${name} missing`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (`?a=1&b=x`, or '' when nothing is set); arrays repeat the key. */
export function routeQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of [value].flat()) {
      if (item === undefined || item === null) continue;
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  const text = pairs.join('&');
  return text ? `?${text}` : '';
}
