import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { type Caller, signInEveryRole } from '../test/roles';
import { ownerOf } from '../test/route-owners';

/**
 * Walks every route the app serves with malformed ids, queries and bodies, as every role (a
 * merchant of each shop, console staff of each role, the staff API, a storefront visitor, a
 * branded-app device, Shopify's signed webhooks, nobody), from IPv4 and IPv6 clients. A seeded
 * generator gives the same cases every run; a failure names its role, route and input. Fails on
 * any 5xx, on an answer that does not come within HANG_MS, and on a route that no entry of
 * test/route-owners.ts claims or whose own roles never get past its authentication.
 */
const HANG_MS = 10_000;
/** Cases per route as the roles it serves, and as each other role. */
const OWN_VARIANTS = 10;
const OTHER_VARIANTS = 2;
const CLIENTS = [
  '203.0.113.7',
  '2001:db8:4:6::1',
  '198.51.100.23',
  '2001:db8:ff00:1::9',
  '::1',
  '::ffff:198.51.100.9',
];

let t: TestApp;
let callers: Caller[];
beforeAll(async () => {
  t = await createTestApp({
    API_RATE_LIMIT: '100000',
    STOREFRONT_RATE_LIMIT: '100000',
    STOREFRONT_VISITORS_PER_ADDRESS: '100000',
    STOREFRONT_VISITORS_PER_SITE: '100000',
  });
  callers = await signInEveryRole(t);
}, 120_000);
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
type Random = ReturnType<typeof generator>;

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
  'token',
  'status',
  'target',
];
const QUERY_VALUES = ['-1', '1e309', 'NaN', '[]', '{}', '%', 'x'.repeat(3000), '', 'undefined'];
const FIELDS = [
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
  'token',
  'platform',
  'role',
  'password',
  'code',
];

/** A JSON (or broken) body; the caller's own fields are kept in half of the objects. */
function jsonBody(random: Random, caller: Caller): { payload: string; type: string } {
  const kind = random.pick(['json', 'json', 'json', 'text', 'broken'] as const);
  if (kind === 'text') return { payload: 'hello', type: 'text/plain' };
  if (kind === 'broken') return { payload: '{"a": [1, 2', type: 'application/json' };
  const shape = random.pick(['object', 'object', 'array', 'scalar'] as const);
  if (shape === 'scalar')
    return { payload: JSON.stringify(random.pick(VALUES)), type: 'application/json' };
  if (shape === 'array')
    return { payload: JSON.stringify([random.pick(VALUES)]), type: 'application/json' };
  const value: Record<string, unknown> = random.next() < 0.5 ? { ...caller.fields } : {};
  for (const field of FIELDS) if (random.next() < 0.4) value[field] = random.pick(VALUES);
  return { payload: JSON.stringify(value), type: 'application/json' };
}

/** A url-encoded form as the console posts it, keys sometimes repeated, the CSRF token mostly right. */
function formBody(random: Random, caller: Caller): { payload: string; type: string } {
  const form = new URLSearchParams();
  if (random.next() < 0.9) for (const [k, v] of Object.entries(caller.fields)) form.append(k, v);
  for (const field of FIELDS) {
    const times = random.next() < 0.4 ? 1 + Math.floor(random.next() * 3) : 0;
    for (let i = 0; i < times; i++) form.append(field, String(random.pick(VALUES)));
  }
  return { payload: form.toString(), type: 'application/x-www-form-urlencoded' };
}

function pathOf(url: string, random: Random, caller: Caller): string {
  const param = (name: string) =>
    caller.params[name] !== undefined && random.next() < 0.5
      ? encodeURIComponent(caller.params[name])
      : random.pick(IDS);
  return url
    .replace(/:([A-Za-z]+)/g, (_, name: string) => param(name))
    .replace(/\*$/, () => random.pick(IDS));
}

/** Query keys at random, so a key is sometimes repeated (an array where a string is expected). */
function queryOf(random: Random): string {
  const keys = Array.from({ length: Math.floor(random.next() * 4) }, () => random.pick(QUERY_KEYS));
  // A quarter of the cases repeat a key on purpose (a browser sends ?shop=a&shop=b as is).
  if (keys[0] && random.next() < 0.25) keys.push(keys[0]);
  return keys
    .map(
      (key) =>
        `${key}=${encodeURIComponent(random.next() < 0.3 ? key : random.pick(QUERY_VALUES))}`,
    )
    .join('&');
}

describe('every route with malformed input, as every role', () => {
  it('claims every route for its roles and an isolation suite (test/route-owners.ts)', () => {
    const unclaimed = t.app.routeList
      .filter((route) => route.method !== 'OPTIONS' && !ownerOf(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(unclaimed).toEqual([]);
  });

  it('answers each case without a 5xx or a hang, from IPv4 and IPv6', async () => {
    const random = generator(28);
    const failures: string[] = [];
    /** Routes whose own roles got past authentication at least once. */
    const reached = new Set<string>();
    const routes = t.app.routeList.filter(
      // The test app has no built widget: its scripts (player, live player, hls.js) answer 503 by
      // design.
      (route) =>
        route.method !== 'OPTIONS' && !/\/storefront\/v1\/(widget|live|hls)\.js$/.test(route.url),
    );
    let tried = 0;
    for (const route of routes) {
      const owner = ownerOf(route.url);
      for (const caller of callers) {
        await caller.refresh?.();
        const own = owner?.roles.includes(caller.role) ?? false;
        const variants = own ? OWN_VARIANTS : OTHER_VARIANTS;
        for (let variant = 0; variant < variants; variant++) {
          const query = queryOf(random);
          const path = pathOf(route.url, random, caller);
          const url = query ? `${path}?${query}` : path;
          const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
          const sent = hasBody
            ? caller.form
              ? formBody(random, caller)
              : jsonBody(random, caller)
            : undefined;
          const remoteAddress = random.pick(CLIENTS);
          let timer: NodeJS.Timeout | undefined;
          const hang = new Promise<'hang'>((resolve) => {
            timer = setTimeout(() => resolve('hang'), HANG_MS);
          });
          const answer = await Promise.race([
            t.app.inject({
              method: route.method as 'POST',
              url,
              remoteAddress,
              headers: {
                ...(await caller.headers()),
                ...(sent ? { 'content-type': sent.type, ...caller.sign?.(sent.payload) } : {}),
              },
              ...(sent ? { payload: sent.payload } : {}),
            }),
            hang,
          ]);
          clearTimeout(timer);
          tried += 1;
          const input = `${caller.role} from ${remoteAddress}: ${route.method} ${url.slice(0, 200)} ${sent?.payload.slice(0, 200) ?? ''}`;
          if (answer === 'hang') failures.push(`hang: ${input}`);
          else if (answer.statusCode >= 500) {
            failures.push(`${answer.statusCode}: ${input} -> ${answer.body.slice(0, 200)}`);
          } else if (own && answer.statusCode !== 401) {
            reached.add(`${route.method} ${route.url}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    const unreached = routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !reached.has(route));
    expect(unreached).toEqual([]);
    expect(tried).toBeGreaterThan(5000);
  }, 600_000);
});
