import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CacheKeys } from './hooks';

/**
 * The admin's cache has one shape: each area's data module (`features/<area>/data.ts`, and the
 * shop's in app/shop) builds its queries under its routes' keys and declares them with the keys
 * its mutations invalidate, refetch or write (`cacheKeys`). A key matching no query refreshes
 * nothing, which is how the Popclips list once stayed stale after a replay became a clip.
 */
const dataModules = import.meta.glob<CacheKeys>(
  ['../../features/*/data.ts', '../../app/shop/shop-query.ts'],
  { eager: true, import: 'cacheKeys' },
);

/** Every source file but tests and test helpers, as text. */
const sources = import.meta.glob<string>(
  ['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**'],
  { eager: true, query: '?raw', import: 'default' },
);

const queryKeys = Object.values(dataModules).flatMap((keys) => keys.queries);

/** A query key and a filter match when one is the start of the other (TanStack's partial match). */
const matches = (filter: QueryKey) =>
  queryKeys.some((key) => partialMatchKey(key, filter) || partialMatchKey(filter, key));

/** What works on the cache or makes a query or mutation: only data modules do that. */
const CACHE_CALL =
  /\b(invalidateQueries|refetchQueries|setQueryData|setQueriesData|removeQueries|resetQueries|invalidateKeys|useRouteQuery|useRouteMutation|routeQueryOptions|useQuery|useInfiniteQuery|useMutation|queryOptions|infiniteQueryOptions)\s*[(<]/;
const MAY_TOUCH_CACHE =
  /((^|\/)(features\/[^/]+\/data|lib\/api\/hooks|app\/shop\/shop-query)|^\.\/hooks)\.ts$/;
/(^\.\.\/\.\.\/features\/[^/]+\/data\.ts$|\/lib\/api\/hooks\.ts$|\/app\/shop\/shop-query\.ts$)/;

describe('cache keys', () => {
  it('finds a data module for each area with calls, each declaring keys', () => {
    const names = Object.keys(dataModules);
    expect(names).toContain('../../features/popclips/data.ts');
    expect(names).toContain('../../app/shop/shop-query.ts');
    for (const [name, keys] of Object.entries(dataModules)) {
      expect(keys?.queries.length, name).toBeGreaterThan(0);
    }
  });

  it("builds every area's query keys from its routes' contracts (method and path first)", () => {
    const notFromContract = Object.entries(dataModules)
      .filter(([name]) => !name.endsWith('shop-query.ts'))
      .flatMap(([name, keys]) =>
        keys.queries
          .filter((key) => !/^(GET|POST|PUT|PATCH|DELETE)$/.test(String(key[0])))
          .map((key) => `${name}: ${JSON.stringify(key)}`),
      );
    expect(notFromContract).toEqual([]);
  });

  it('matches every invalidation of every data module with a query a data module builds', () => {
    const unmatched = Object.entries(dataModules).flatMap(([name, keys]) =>
      keys.invalidates
        .filter((key) => !matches(key))
        .map((key) => `${name}: ${JSON.stringify(key)}`),
    );
    expect(unmatched).toEqual([]);
  });

  it('leaves queries, mutations and cache writes to the data modules', () => {
    const elsewhere = Object.entries(sources)
      .filter(([name, text]) => !MAY_TOUCH_CACHE.test(name) && CACHE_CALL.test(text))
      .map(([name, text]) => `${name}: ${text.match(CACHE_CALL)?.[1]}`);
    expect(elsewhere).toEqual([]);
  });
});
