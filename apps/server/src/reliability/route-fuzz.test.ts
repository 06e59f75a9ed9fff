import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, type TestApp } from '../test/app';

/**
 * Walks every route the app serves with malformed ids, queries and bodies (a seeded generator:
 * the same cases every run, a failure names its route and input) and fails on any 5xx or on an
 * answer that does not come within HANG_MS. Authenticated as a shop, so /api handlers are reached.
 */
const HANG_MS = 10_000;
const VARIANTS_PER_ROUTE = 10;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '100000', STOREFRONT_RATE_LIMIT: '100000' });
});
afterAll(() => t.close());

/** mulberry32: a small seeded PRNG, so the cases are reproducible. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const IDS = [
  '0',
  '-1',
  '1e309',
  'null',
  '..',
  '%2e%2e%2f',
  'x'.repeat(5000),
  encodeURIComponent('😀'),
  '%E2%80%AE',
  encodeURIComponent("' or 1=1 --"),
  '00000000-0000-0000-0000-000000000000',
  'gid%3A%2F%2Fshopify%2FProduct%2F1',
];
const VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'x'.repeat(10_000),
  '<script>alert(1)</script>',
  '2026-13-45T99:99:99Z',
  [],
  [[[[[]]]]],
  {},
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
];
const QUERY_KEYS = [
  'page',
  'limit',
  'sort',
  'q',
  'from',
  'to',
  'shop',
  'id',
  'visitorId',
  'cursor',
];
const QUERY_VALUES = ['-1', '1e309', 'NaN', '[]', '{}', '%', 'x'.repeat(3000), '', 'undefined'];

function body(random: ReturnType<typeof generator>): { payload: string; type: string } {
  const kind = random.pick(['json', 'json', 'json', 'text', 'broken'] as const);
  if (kind === 'text') return { payload: 'hello', type: 'text/plain' };
  if (kind === 'broken') return { payload: '{"a": [1, 2', type: 'application/json' };
  const shape = random.pick(['object', 'array', 'scalar'] as const);
  if (shape === 'scalar')
    return { payload: JSON.stringify(random.pick(VALUES)), type: 'application/json' };
  if (shape === 'array')
    return { payload: JSON.stringify([random.pick(VALUES)]), type: 'application/json' };
  const fields = [
    'title',
    'name',
    'id',
    'ids',
    'metaData',
    'events',
    'visitorId',
    'products',
    'phone',
    'email',
    'settings',
    'plan',
  ];
  const value: Record<string, unknown> = {};
  for (const field of fields) if (random.next() < 0.5) value[field] = random.pick(VALUES);
  return { payload: JSON.stringify(value), type: 'application/json' };
}

describe('every route with malformed input', () => {
  it('answers each case without a 5xx or a hang', async () => {
    const random = generator(14);
    const auth = await t.auth(SHOP_A);
    const failures: string[] = [];
    let tried = 0;
    for (const route of [...t.app.routeList]) {
      if (route.method === 'OPTIONS' || route.url === '/metrics') continue;
      // The test app has no built widget: its script answers 503 by design.
      if (route.url.endsWith('/widget.js')) continue;
      for (let variant = 0; variant < VARIANTS_PER_ROUTE; variant++) {
        const path = route.url
          .replace(/:[A-Za-z]+/g, () => random.pick(IDS))
          .replace(/\*$/, () => random.pick(IDS));
        const query = Array.from(
          { length: Math.floor(random.next() * 4) },
          () => `${random.pick(QUERY_KEYS)}=${encodeURIComponent(random.pick(QUERY_VALUES))}`,
        ).join('&');
        const url = query ? `${path}?${query}` : path;
        const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
        const sent = hasBody ? body(random) : undefined;
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => {
          timer = setTimeout(() => resolve('hang'), HANG_MS);
        });
        const answer = await Promise.race([
          t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...auth, ...(sent ? { 'content-type': sent.type } : {}) },
            ...(sent ? { payload: sent.payload } : {}),
          }),
          hang,
        ]);
        clearTimeout(timer);
        tried += 1;
        const input = `${route.method} ${url.slice(0, 200)} ${sent?.payload.slice(0, 200) ?? ''}`;
        if (answer === 'hang') failures.push(`hang: ${input}`);
        else if (answer.statusCode >= 500) {
          failures.push(`${answer.statusCode}: ${input} -> ${answer.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(1000);
  }, 600_000);
});
