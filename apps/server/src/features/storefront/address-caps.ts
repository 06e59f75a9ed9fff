import { lt } from 'drizzle-orm';
import { list as botPatterns, createIsbotFromList } from 'isbot';
import type { Db } from '../../db/client';
import { storefrontAddressVisitors, storefrontSiteCounts } from '../../db/schema';
import { clientNetwork, networkHash } from './client-network';

/**
 * Known crawlers and HTTP tools (isbot's list) count nothing. Headless browsers are left out of
 * that list: they run the player and play the video like a shopper's (the e2e journeys do), and
 * the per-address caps bound them.
 */
export const isKnownBot = createIsbotFromList(
  botPatterns.filter((pattern) => !pattern.toLowerCase().includes('headless')),
);

/** The client as ingest sees it. */
export interface IngestClient {
  ip: string;
  userAgent: string | undefined;
  /**
   * The local Shopify's traffic generator in this process: many simulated shoppers behind one
   * in-process caller, counted as the distinct visitors they stand for.
   */
  simulated?: boolean;
}

/**
 * What one batch may add, kept per UTC day (docs/decisions.md "Address caps (issue 28)"):
 * views and likes of a clip from at most `views`/`likes` distinct visitors of the network (IPv4
 * address or IPv6 /64), and at most `siteViews` counted views of the shop from the site (IPv4
 * address or IPv6 /48). Networks and sites are keyed hashes, never addresses.
 */
export interface AddressCaps {
  day: string;
  network: string;
  site: string;
  views: number;
  likes: number;
  siteViews: number;
}

export function addressCaps(
  secret: string,
  ip: string,
  now: Date,
  limits: { views: number; likes: number; siteViews: number },
): AddressCaps {
  const { network, site } = clientNetwork(ip);
  return {
    day: now.toISOString().slice(0, 10),
    network: networkHash(secret, network),
    site: networkHash(secret, `site:${site}`),
    ...limits,
  };
}

/** Allowances of days before yesterday are no longer read (the caps are per day). */
export async function pruneAddressCounts(db: Db, now: Date): Promise<void> {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  await db.delete(storefrontAddressVisitors).where(lt(storefrontAddressVisitors.day, yesterday));
  await db.delete(storefrontSiteCounts).where(lt(storefrontSiteCounts.day, yesterday));
}
