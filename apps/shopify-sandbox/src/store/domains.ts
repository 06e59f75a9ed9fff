import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import { sandboxDomains, sandboxShops } from './schema';
import { storefrontUrl } from './shop-definitions';

/**
 * The domains a merchant connects to a shop (Shopify's Settings > Domains and Markets): a custom
 * domain, which redirects to the primary domain until it is made primary, and a market's own
 * domain (its web presence). The local Shopify's own origin serves every shop and is the primary
 * domain until another is chosen. A sandbox domain serves the same storefront path on its host,
 * so a loopback host (127.0.0.2:3000) is a real second origin in a browser.
 */

export interface SandboxDomain {
  /** Shopify's GID (gid://shopify/Domain/810001). */
  id: string;
  numericId: number;
  host: string;
  /** The storefront's root on this domain. */
  url: string;
  sslEnabled: boolean;
  primary: boolean;
  /** The market whose web presence it is; null for the primary market's domains. */
  market: string | null;
}

export interface AddDomainInput {
  host: string;
  /** A market's own domain (a web presence) rather than a domain of the primary market. */
  market?: string | null;
}

export interface SandboxDomains {
  /** The shop's connected domains, oldest first (the local Shopify's own origin is not one). */
  listDomains(shop: string): Promise<SandboxDomain[]>;
  /** Connects a domain; `invalid` for a malformed host, `conflict` for one already connected. */
  addDomain(shop: string, input: AddDomainInput): Promise<SandboxDomain>;
  /**
   * Makes the domain primary (null: the local Shopify's own origin again); answers the domains
   * whose primary flag changed, as the `domains/update` webhooks name them.
   */
  setPrimaryDomain(shop: string, numericId: number | null): Promise<SandboxDomain[]>;
  /** Disconnects a domain; null when the shop has no such domain. */
  removeDomain(shop: string, numericId: number): Promise<SandboxDomain | null>;
  /** The connected domain with this host, whichever shop it belongs to. */
  findDomainByHost(host: string): Promise<(SandboxDomain & { shop: string }) | null>;
}

/** A host name (lower case, dot-separated labels) with an optional port. */
const HOST =
  /^(?=.{1,253}(:|$))([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

/** Loopback hosts are served over plain http (no certificate on this machine); others https. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/:\d+$/, '');
  return name === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

export function normalizeHost(input: string): string | null {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST.test(host) || host.endsWith('.myshopify.com')) return null;
  const port = /:(\d+)$/.exec(host)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  return host;
}

type DomainRow = typeof sandboxDomains.$inferSelect;

export function toSandboxDomain(row: DomainRow): SandboxDomain {
  const loopback = isLoopbackHost(row.host);
  return {
    id: `gid://shopify/Domain/${row.id}`,
    numericId: row.id,
    host: row.host,
    url: storefrontUrl(`${loopback ? 'http' : 'https'}://${row.host}`, row.shopDomain),
    sslEnabled: !loopback,
    primary: row.primary,
    market: row.market,
  };
}

/** Each shop's primary domain URL, for the shops that chose one. */
export async function primaryDomainUrls(db: Db, shops: string[]): Promise<Map<string, string>> {
  if (shops.length === 0) return new Map();
  const rows = await db
    .select()
    .from(sandboxDomains)
    .where(and(inArray(sandboxDomains.shopDomain, shops), eq(sandboxDomains.primary, true)));
  return new Map(rows.map((row) => [row.shopDomain, toSandboxDomain(row).url]));
}

export function createSandboxDomains(db: Db): SandboxDomains {
  const ofShop = (shop: string, id: number) =>
    and(eq(sandboxDomains.shopDomain, shop), eq(sandboxDomains.id, id));

  return {
    async listDomains(shop) {
      const rows = await db
        .select()
        .from(sandboxDomains)
        .where(eq(sandboxDomains.shopDomain, shop))
        .orderBy(asc(sandboxDomains.id));
      return rows.map(toSandboxDomain);
    },

    async addDomain(shop, input) {
      const host = normalizeHost(input.host);
      if (!host) throw new StoreError('invalid', 'Enter a domain such as shop.example.com');
      const market = input.market?.trim() || null;
      const [known] = await db
        .select({ domain: sandboxShops.domain })
        .from(sandboxShops)
        .where(eq(sandboxShops.domain, shop));
      if (!known) throw new StoreError('not_found', `Shop ${shop} is not a sandbox shop`);
      const [row] = await db
        .insert(sandboxDomains)
        .values({ shopDomain: shop, host, market })
        .onConflictDoNothing({ target: sandboxDomains.host })
        .returning();
      if (!row) throw new StoreError('conflict', `${host} is already connected to a store`);
      return toSandboxDomain(row);
    },

    async setPrimaryDomain(shop, numericId) {
      return db.transaction(async (tx) => {
        if (numericId !== null) {
          const [target] = await tx.select().from(sandboxDomains).where(ofShop(shop, numericId));
          if (!target) throw new StoreError('not_found', 'The store has no such domain');
          // A market's own domain stays that market's; only the primary market's can be primary.
          if (target.market !== null) {
            throw new StoreError('invalid', "A market's domain cannot be the primary domain");
          }
        }
        const previous = await tx
          .update(sandboxDomains)
          .set({ primary: false })
          .where(and(eq(sandboxDomains.shopDomain, shop), eq(sandboxDomains.primary, true)))
          .returning();
        const current =
          numericId === null
            ? []
            : await tx
                .update(sandboxDomains)
                .set({ primary: true })
                .where(ofShop(shop, numericId))
                .returning();
        const changed = [...previous, ...current].filter(
          (row, index, all) =>
            all.findIndex((other) => other.id === row.id) === index &&
            !(previous.some((p) => p.id === row.id) && current.some((c) => c.id === row.id)),
        );
        return changed.map(toSandboxDomain);
      });
    },

    async findDomainByHost(host) {
      const [row] = await db
        .select()
        .from(sandboxDomains)
        .where(eq(sandboxDomains.host, host.toLowerCase()));
      return row ? { ...toSandboxDomain(row), shop: row.shopDomain } : null;
    },

    async removeDomain(shop, numericId) {
      const [row] = await db.delete(sandboxDomains).where(ofShop(shop, numericId)).returning();
      return row ? toSandboxDomain(row) : null;
    },
  };
}
