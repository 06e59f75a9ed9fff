import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { storefrontAddressVisitors, storefrontSiteCounts } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { insertTestShop } from '../../test/rows';
import { addressCaps, isKnownBot, pruneAddressCounts } from './address-caps';
import { networkHash } from './client-network';

/**
 * The per-address caps' keys: which addresses share an allowance (an IPv6 /64 is one client, a
 * /48 one site; an IPv4-mapped address is its IPv4 address), kept per UTC day, hashed with the
 * secret, and pruned once no cap reads them.
 */
const SECRET = 'caps-test-secret';
const LIMITS = { views: 3, likes: 2, siteViews: 500 };
const NOW = new Date('2026-06-01T23:59:59Z');
const caps = (ip: string, now = NOW) => addressCaps(SECRET, ip, now, LIMITS);

describe('address caps', () => {
  it('keys an IPv6 address by its /64 and its /48, hashed with the secret', () => {
    const a = caps('2001:db8:1:2:aaaa::1');
    expect(a).toEqual({
      day: '2026-06-01',
      network: networkHash(SECRET, '2001:db8:1:2:0:0:0:0/64'),
      site: networkHash(SECRET, 'site:2001:db8:1:0:0:0:0:0/48'),
      ...LIMITS,
    });
    // Another address of the /64 is the same client; another /64 of the /48 the same site.
    expect(caps('2001:db8:1:2:ffff:ffff:ffff:ffff')).toEqual(a);
    const neighbour = caps('2001:db8:1:3::1');
    expect(neighbour.network).not.toBe(a.network);
    expect(neighbour.site).toBe(a.site);
    expect(caps('2001:db8:2:2::1').site).not.toBe(a.site);
    // The hashes are keyed: without the secret an address cannot be found from them.
    expect(addressCaps('other-secret', '2001:db8:1:2::1', NOW, LIMITS).network).not.toBe(a.network);
  });

  it('keys an IPv4 address (mapped or not) by itself, its site hash apart from its network’s', () => {
    const v4 = caps('203.0.113.7');
    expect(v4.network).toBe(networkHash(SECRET, '203.0.113.7'));
    expect(v4.site).toBe(networkHash(SECRET, 'site:203.0.113.7'));
    expect(v4.site).not.toBe(v4.network);
    expect(caps('::ffff:203.0.113.7')).toEqual(v4);
    expect(caps('203.0.113.8').network).not.toBe(v4.network);
  });

  it('counts per UTC day', () => {
    expect(caps('203.0.113.7', new Date('2026-06-02T00:00:00Z')).day).toBe('2026-06-02');
    expect(caps('203.0.113.7', new Date('2026-06-01T00:00:00+02:00')).day).toBe('2026-05-31');
  });

  it('lets crawlers count nothing, headless browsers through (the caps bound them)', () => {
    expect(isKnownBot('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe(true);
    expect(isKnownBot('curl/8.5.0')).toBe(true);
    expect(
      isKnownBot(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(
      isKnownBot(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
  });
});

describe('pruning the counts', () => {
  let database: Database;
  let shopId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    shopId = (await insertTestShop(database.db, 'demo-store.myshopify.com')).id;
  });
  afterAll(() => database?.close());

  it('drops the days before yesterday and keeps yesterday’s and today’s', async () => {
    const days = ['2026-05-29', '2026-05-30', '2026-05-31', '2026-06-01'];
    await database.db.insert(storefrontAddressVisitors).values(
      days.map((day) => ({
        shopId,
        day,
        network: 'n',
        kind: 'view' as const,
        clipId: 'clip',
        visitorId: 'v',
      })),
    );
    await database.db
      .insert(storefrontSiteCounts)
      .values(days.map((day) => ({ shopId, day, site: 's', views: 1 })));
    await pruneAddressCounts(database.db, new Date('2026-06-01T00:30:00Z'));
    const left = async (table: string) =>
      (
        await queryRows<{ day: string }>(
          database.db,
          sql`select day::text as day from ${sql.identifier(table)} order by day`,
        )
      ).map((row) => row.day);
    expect(await left('storefront_address_visitors')).toEqual(['2026-05-31', '2026-06-01']);
    expect(await left('storefront_site_counts')).toEqual(['2026-05-31', '2026-06-01']);
  });
});
