import type { RoleName } from './roles';

/**
 * Who each registered route serves, and where its tenant isolation is proven. The route fuzz
 * calls every route as every role (more cases as its own roles); its guard fails when a route
 * matches no entry here, and each isolation suite fails when a route of its prefixes has no case.
 * A route outside tenancy says why instead of naming a suite.
 */
export interface RouteOwner {
  /** Matches the route as registered (`/api/shopify/shop/:shopifyDomain`). */
  route: RegExp;
  roles: readonly RoleName[];
  isolation: { suite: string } | { exempt: string };
}

const STAFF: readonly RoleName[] = ['staff-viewer', 'staff-support', 'staff-admin'];

export const ROUTE_OWNERS: readonly RouteOwner[] = [
  {
    // Before /api: the sandbox's OpenAPI document of the served routes, public and shop-free.
    route: /^\/api\/docs$/,
    roles: ['anonymous'],
    isolation: { exempt: 'the OpenAPI document of the served routes: no shop data (sandbox mode)' },
  },
  {
    route: /^\/(api|ingest)\//,
    roles: ['merchant-a', 'merchant-b'],
    isolation: { suite: 'isolation.test.ts' },
  },
  {
    route: /^\/(dashboard|reports)\//,
    roles: ['merchant-a', 'merchant-b'],
    isolation: { suite: 'public-isolation.test.ts' },
  },
  {
    route: /^\/storefront\/v1/,
    roles: ['visitor'],
    isolation: { suite: 'public-isolation.test.ts' },
  },
  { route: /^\/mobile\/v1\//, roles: ['device'], isolation: { suite: 'public-isolation.test.ts' } },
  { route: /^\/s\//, roles: ['anonymous'], isolation: { suite: 'public-isolation.test.ts' } },
  { route: /^\/media\//, roles: ['anonymous'], isolation: { suite: 'public-isolation.test.ts' } },
  {
    route: /^\/billing\/return$/,
    roles: ['anonymous'],
    isolation: { suite: 'public-isolation.test.ts' },
  },
  {
    route: /^\/webhooks\//,
    roles: ['shopify'],
    isolation: { suite: 'public-isolation.test.ts' },
  },
  {
    route: /^\/operator\/api\//,
    roles: ['staff-api'],
    isolation: {
      exempt:
        'Popstage staff (and the local Shopify) act on the shop each call names; no merchant or shopper credential is accepted (the fuzz signs in as each)',
    },
  },
  {
    route: /^\/operator(\/|$)/,
    roles: STAFF,
    isolation: {
      exempt:
        'the operator console shows every shop to Popstage staff by design; roles are proven in operator-console tests',
    },
  },
  {
    route: /^\/sandbox(\/|$)/,
    roles: ['anonymous'],
    isolation: {
      exempt:
        'the local Shopify stand-in (sandbox mode only), its own tables; it reaches the app over HTTP like Shopify',
    },
  },
  {
    route: /^\/live-service\/v1\/sellers(\/|$)/,
    roles: ['live-app'],
    isolation: {
      exempt:
        "the live service's seller API: the app's own calls with its key, for the seller of the session's shop (the app's isolation suites cover the shop side)",
    },
  },
  {
    route: /^\/live-service\//,
    roles: ['anonymous'],
    isolation: {
      exempt:
        "the live service (apps/live): its own tables and credentials (the app's API key, a studio token per seller); its seller isolation is proven in apps/live's studio-api tests",
    },
  },
  {
    route: /^\/(healthz|metrics)$/,
    roles: ['anonymous'],
    isolation: { exempt: 'process health and counters, no shop data' },
  },
];

export function ownerOf(url: string): RouteOwner | undefined {
  return ROUTE_OWNERS.find((owner) => owner.route.test(url));
}

/** The isolation suite that must have a case for the route, if it is tenant-scoped. */
export function suiteOf(url: string): string | undefined {
  const isolation = ownerOf(url)?.isolation;
  return isolation && 'suite' in isolation ? isolation.suite : undefined;
}
