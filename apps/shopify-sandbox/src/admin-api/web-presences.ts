import { connection } from '../graphql/shared-objects';
import type { SandboxDomain } from '../store/domains';
import { SANDBOX_SHOPS } from '../store/shop-definitions';
import type { AdminContext } from './context';

/**
 * The shop's domains as the Admin API shows them: `shop.primaryDomain` and the root
 * `webPresences` (the primary market's, on the primary domain, and one per market domain).
 * `Shop.domains` is deprecated in 2026-10; web presences replace it.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/queries/webPresences
 * https://shopify.dev/docs/api/admin-graphql/2026-10/objects/MarketWebPresence
 */

const ENGLISH = {
  __typename: 'ShopLocale',
  locale: 'en',
  name: 'English',
  primary: true,
  published: true,
};

/** The local Shopify's own origin as a Domain of the shop: stable ids, one per sandbox shop. */
function ownDomainId(shop: string): number {
  return (
    800001 +
    Math.max(
      0,
      SANDBOX_SHOPS.findIndex((def) => def.domain === shop),
    )
  );
}

export function domainObject(domain: {
  id: string;
  host: string;
  url: string;
  sslEnabled: boolean;
}) {
  return {
    __typename: 'Domain',
    id: domain.id,
    host: domain.host,
    url: domain.url,
    sslEnabled: domain.sslEnabled,
    localization: null,
  };
}

/** The shop's primary domain: the one the merchant chose, or the local Shopify's own origin. */
export async function primaryDomainOf(context: AdminContext, primaryDomainUrl: string) {
  const chosen = (await context.store.listDomains(context.shop)).find((domain) => domain.primary);
  if (chosen) return domainObject(chosen);
  const url = new URL(primaryDomainUrl);
  return domainObject({
    id: `gid://shopify/Domain/${ownDomainId(context.shop)}`,
    host: url.host,
    url: primaryDomainUrl,
    sslEnabled: url.protocol === 'https:',
  });
}

function webPresence(id: number, domain: ReturnType<typeof domainObject>, rootUrl: string) {
  return {
    __typename: 'MarketWebPresence',
    id: `gid://shopify/MarketWebPresence/${id}`,
    domain,
    subfolderSuffix: null,
    rootUrls: [{ __typename: 'MarketWebPresenceRootUrl', locale: 'en', url: rootUrl }],
    defaultLocale: ENGLISH,
    alternateLocales: [],
  };
}

export async function webPresences(args: { first?: number | null }, context: AdminContext) {
  const shop = await context.store.getShop(context.shop);
  if (!shop) return connection([]);
  const domains: SandboxDomain[] = await context.store.listDomains(context.shop);
  const primary = await primaryDomainOf(context, shop.primaryDomainUrl);
  const presences = [
    webPresence(ownDomainId(context.shop), primary, shop.primaryDomainUrl),
    ...domains
      .filter((domain) => domain.market !== null)
      .map((domain) => webPresence(domain.numericId, domainObject(domain), domain.url)),
  ];
  return connection(presences.slice(0, args.first ?? presences.length));
}
