import type { SandboxAppDataMetafields } from './app-data-metafields';
import type { SandboxBilling } from './billing';
import type { CartStore } from './cart-store';
import type { SandboxDomains } from './domains';
import type { SandboxProductEdit } from './product-edits';
import type { SandboxShopPlan } from './shop-plan';
import type { PlatformMenu, PlatformProduct, PlatformShop, StorePlatform } from './types';

/** The offline sandbox store: a StorePlatform plus the controls the /sandbox page needs. */
export interface SandboxStore
  extends StorePlatform,
    SandboxBilling,
    SandboxShopPlan,
    SandboxDomains,
    SandboxAppDataMetafields {
  readonly kind: 'sandbox';
  /** The storefront's server-side carts and the orders its checkout places. */
  readonly carts: CartStore;
  /** Generates both shops' data if the database has none yet (deterministic, no network). */
  seed(): Promise<void>;
  listShops(): Promise<PlatformShop[]>;
  /** Every navigation menu of the shop (Admin API `menus`). */
  listMenus(shop: string): Promise<PlatformMenu[]>;
  /** Regenerates one shop's store data as on first start (its app charges go too). */
  resetShop(shop: string): Promise<void>;
  setAppEmbed(shop: string, enabled: boolean): Promise<void>;
  /** Whether shoppers must consent to analytics first (Customer Privacy API, banner). */
  consentRequired(shop: string): Promise<boolean>;
  setConsentRequired(shop: string, required: boolean): Promise<void>;
  /** Whether the app has protected customer data access in the shop (orders readable, sent). */
  protectedCustomerData(shop: string): Promise<boolean>;
  setProtectedCustomerData(shop: string, granted: boolean): Promise<void>;
  /** The app_url app-data metafield as the theme app embed would read it; null when unset. */
  appUrlMetafield(shop: string): Promise<string | null>;
  /** The clip_count product metafield as the theme's product block would read it; 0 when unset. */
  productClipCount(shop: string, productId: string): Promise<number>;
  /** The specification the app's sales channel is bound to (channelCreate); null when none. */
  salesChannel(shop: string): Promise<string | null>;
  /** Connects the app's sales channel; false when it already is. */
  connectSalesChannel(shop: string, specification: string): Promise<boolean>;
  /** Shopify's side of an uninstall: embeds off, app metafields deleted, charges cancelled. */
  uninstallApp(shop: string): Promise<void>;
  /** A merchant's stock or status change of the shop's product; null when no such handle. */
  editProduct(
    shop: string,
    handle: string,
    edit: SandboxProductEdit,
  ): Promise<PlatformProduct | null>;
}

export type { DecisionResult, SandboxAppSubscription } from './billing';
export type { SandboxUsageRecord } from './usage-records';
