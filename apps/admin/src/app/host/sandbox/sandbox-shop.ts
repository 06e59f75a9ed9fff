export const DEFAULT_SANDBOX_SHOP = 'demo-store.myshopify.com';
export const SANDBOX_SHOP_STORAGE_KEY = 'popstage.sandbox.shop';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

type ShopStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The sandbox shop comes from `?shop=` on the admin URL and is remembered for the tab, because
 * in-app navigation drops the query string. Malformed values are ignored.
 */
export function resolveSandboxShop(search: string, storage: ShopStorage | null): string {
  const requested = new URLSearchParams(search).get('shop')?.trim().toLowerCase();
  if (requested && SHOP_DOMAIN.test(requested)) {
    safely(() => storage?.setItem(SANDBOX_SHOP_STORAGE_KEY, requested));
    return requested;
  }
  const remembered = safely(() => storage?.getItem(SANDBOX_SHOP_STORAGE_KEY));
  return remembered && SHOP_DOMAIN.test(remembered) ? remembered : DEFAULT_SANDBOX_SHOP;
}

/** Storage access throws in some privacy modes; the default shop is then good enough. */
function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
