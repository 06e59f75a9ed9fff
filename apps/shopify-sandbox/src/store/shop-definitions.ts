/** The sandbox's two shops: the demo a merchant plays with, and a second one for isolation tests. */
export interface SandboxShopDefinition {
  domain: string;
  name: string;
  ownerName: string;
  email: string;
  currency: string;
  createdAt: string;
  productCount: number;
  /** Numeric ids of this shop's objects start here, so ids never collide between shops. */
  idBase: number;
}

export const DEMO_SHOP = 'demo-store.myshopify.com';
export const OTHER_SHOP = 'other-store.myshopify.com';

export const SANDBOX_SHOPS: readonly SandboxShopDefinition[] = [
  {
    domain: DEMO_SHOP,
    name: 'Demo Store',
    ownerName: 'Alex Morgan',
    email: 'alex.morgan@demo-store.example',
    currency: 'USD',
    createdAt: '2023-03-14T15:00:00.000Z',
    // Above 250 so that "All products" needs more than one page of 250.
    productCount: 300,
    idBase: 1000,
  },
  {
    domain: OTHER_SHOP,
    name: 'Other Store',
    ownerName: 'Sam Rivera',
    email: 'sam.rivera@other-store.example',
    currency: 'USD',
    createdAt: '2024-06-02T10:30:00.000Z',
    productCount: 72,
    idBase: 5000,
  },
];

export function findShopDefinition(domain: string): SandboxShopDefinition | undefined {
  return SANDBOX_SHOPS.find((shop) => shop.domain === domain);
}

/**
 * The shop's storefront (Shopify's primary domain). Offline it is a page of this app, so links
 * to the storefront, to a product or to the live page open something real.
 */
export function storefrontUrl(baseUrl: string, domain: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/sandbox/store/${domain}`;
}
