import type { FastifyInstance } from 'fastify';

/**
 * A shopper's browser on one sandbox store: requests carry the `cart` cookie the store last set,
 * as a browser would on that path.
 */
export function shopperOf(app: FastifyInstance, shop: string) {
  const root = `/sandbox/store/${shop}`;
  let cookie: string | null = null;
  return {
    root,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | null) {
      cookie = value;
    },
    async request(method: 'GET' | 'POST', path: string, payload?: unknown, form = false) {
      const response = await app.inject({
        method,
        url: `${root}${path}`,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as string | object }),
      });
      const set = response.cookies.find((c) => c.name === 'cart');
      if (set) cookie = `cart=${set.value}`;
      return response;
    },
  };
}
