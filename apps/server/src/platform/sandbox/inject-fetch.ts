import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Marks a request as made in this process through inject (the local Shopify's simulated
 * shoppers): a random value per process, so no outside request can carry it.
 */
export const IN_PROCESS_HEADER = 'x-popstage-in-process';
export const IN_PROCESS_TOKEN = randomBytes(16).toString('hex');

/**
 * A fetch that answers from a Fastify app through inject: the app's calls to the local Shopify it
 * mounts in the same process go through Shopify's HTTP protocol (every hook, parser and route)
 * without a socket, whatever port or public URL the app has. The app is bound once built (it is
 * built from deps that need this fetch).
 */
export function createInjectFetch(): { fetch: typeof fetch; bind(app: FastifyInstance): void } {
  let target: FastifyInstance | undefined;
  return {
    bind: (app) => {
      target = app;
    },
    fetch: async (input, init) => {
      if (!target) throw new Error('inject fetch used before the app was built');
      const request = new Request(input, init);
      const url = new URL(request.url);
      const body = Buffer.from(await request.arrayBuffer());
      const answer = await target.inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { ...Object.fromEntries(request.headers), [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN },
        ...(body.length > 0 ? { payload: body } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined)
          headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers,
      });
    },
  };
}
