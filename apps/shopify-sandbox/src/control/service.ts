import type { MobilePreset, MobileRequestChange, OperatorShop } from '@popstage/core/operator';
import { FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from '@popstage/core/shop';
import { signSessionToken } from '../admin-api/session-token';
import type { SandboxContext } from '../context';
import type { SandboxDomain } from '../store/domains';
import type { SandboxProductEdit } from '../store/product-edits';
import type { SandboxAppSubscription, SandboxUsageRecord } from '../store/store';
import type { PlatformProduct, PlatformShop } from '../store/types';
import { HttpError, notFound } from '../web/http-error';
import type { WebhookDelivery, WebhookLogEntry } from '../webhooks/delivery';
import { PRODUCTS_UPDATE_TOPIC, productUpdatedPayload } from './product-webhook';
import type { TrafficRun } from './traffic';

/** What the /sandbox control page shows about one shop: the store's side and the app's. */
export interface SandboxShopState extends PlatformShop, Omit<OperatorShop, 'domain'> {
  /** The app holds an access token for the shop (it was opened and not uninstalled since). */
  appInstalled: boolean;
  /** The app's staff API answered (false: the app's side below is unknown, shown as such). */
  appReachable: boolean;
  embedEnabled: boolean;
  /** Shoppers must consent to analytics first (the storefront shows the consent banner). */
  consentRequired: boolean;
  /** The app has protected customer data access here (orders readable, order webhooks sent). */
  protectedCustomerData: boolean;
  /** The specification the app's sales channel is bound to; null until the app connects it. */
  salesChannel: string | null;
  publishedProducts: number;
  livePage: boolean;
  adminUrl: string;
  /** The store's app charges (every status, newest first), as Shopify Billing keeps them. */
  appSubscriptions: SandboxAppSubscription[];
  /** The usage records billed under the store's usage line items, newest first. */
  appUsageRecords: SandboxUsageRecord[];
  /** The newest webhooks the store sent the app, with their last answer. */
  webhooks: WebhookLogEntry[];
  /** The shop's shopper traffic generation, running or last done; null when never started. */
  traffic: TrafficRun | null;
  /** A partner development store (test charges) rather than a live one (shop.plan). */
  partnerDevelopment: boolean;
  /** The domains connected to the shop (its primary, custom and market domains). */
  domains: SandboxDomain[];
  /** A loopback host to offer as a custom domain: 127.0.0.2 on this server's port. */
  suggestedHost: string;
  /** What shopify.app.toml declares and what the merchant granted (null: not installed). */
  accessScopes: { declared: readonly string[]; granted: string[] | null };
}

const NO_FLAGS = Object.fromEntries(
  FEATURE_FLAG_NAMES.map((name) => [name, false]),
) as FeatureFlags;

/** The sandbox shop, or 404: these controls only ever touch the sandbox's own shops. */
export async function requireSandboxShop(
  ctx: Pick<SandboxContext, 'store'>,
  domain: string,
): Promise<PlatformShop> {
  const shop = await ctx.store.getShop(domain);
  if (!shop) throw notFound(`Shop ${domain} is not a sandbox shop`);
  return shop;
}

/** The app's side as its staff API tells it; unknown (not installed, no flags) when unreachable. */
async function appSide(ctx: SandboxContext, domain: string) {
  if (!ctx.operator) return null;
  try {
    return await ctx.operator.shop(domain);
  } catch {
    return null;
  }
}

export async function shopState(
  ctx: SandboxContext,
  shop: PlatformShop,
  traffic: TrafficRun | null = null,
): Promise<SandboxShopState> {
  const { store } = ctx;
  const [
    app,
    appInstalled,
    embedEnabled,
    consentRequired,
    protectedCustomerData,
    salesChannel,
    publishedProducts,
    livePage,
    appSubscriptions,
    appUsageRecords,
    webhooks,
    partnerDevelopment,
    domains,
  ] = await Promise.all([
    appSide(ctx, shop.domain),
    ctx.tokens.installed(shop.domain),
    store.isAppEmbedEnabled(shop.domain),
    store.consentRequired(shop.domain),
    store.protectedCustomerData(shop.domain),
    store.salesChannel(shop.domain),
    store.countPublishedProducts(shop.domain),
    store.findPage(shop.domain, 'live'),
    store.listAppSubscriptions(shop.domain),
    store.listAppUsageRecords(shop.domain),
    ctx.webhooks.recent(shop.domain),
    store.partnerDevelopment(shop.domain),
    store.listDomains(shop.domain),
  ]);
  const accessScopes = {
    declared: ctx.app.scopes ?? [],
    granted: await ctx.tokens.shopScopes(shop.domain),
  };
  return {
    ...shop,
    accessScopes,
    installed: app?.installed ?? false,
    installedAt: app?.installedAt ?? null,
    uninstalledAt: app?.uninstalledAt ?? null,
    featureFlags: app?.featureFlags ?? NO_FLAGS,
    mobileAppRequest: app?.mobileAppRequest ?? null,
    mobileAppId: app?.mobileAppId ?? null,
    appInstalled,
    appReachable: app !== null,
    embedEnabled,
    consentRequired,
    protectedCustomerData,
    salesChannel,
    publishedProducts,
    livePage: livePage !== null,
    adminUrl: `${ctx.baseUrl}/sandbox/store/${encodeURIComponent(shop.domain)}/apps/popstage`,
    appSubscriptions,
    appUsageRecords,
    webhooks,
    traffic,
    partnerDevelopment: partnerDevelopment ?? false,
    domains,
    suggestedHost: `127.0.0.2:${new URL(ctx.baseUrl).port || '80'}`,
  };
}

export async function listShopStates(
  ctx: SandboxContext,
  trafficOf: (shop: string) => TrafficRun | null = () => null,
): Promise<SandboxShopState[]> {
  const shops = await ctx.store.listShops();
  return Promise.all(shops.map((shop) => shopState(ctx, shop, trafficOf(shop.domain))));
}

function operatorOf(ctx: SandboxContext) {
  if (!ctx.operator) {
    throw new HttpError(503, "The app's staff API is not configured (OPERATOR_API_TOKEN)");
  }
  return ctx.operator;
}

/**
 * A fresh install: the store as generated on first start, the app's tokens revoked, and nothing
 * the app stored for the shop (asked of the app's staff API). The next admin visit reinstalls.
 */
export async function resetToFreshInstall(ctx: SandboxContext, domain: string) {
  await requireSandboxShop(ctx, domain);
  await ctx.operator?.forgetShop(domain);
  await ctx.tokens.revokeAll(domain);
  await ctx.storefrontTokens.revokeAll(domain);
  await ctx.store.resetShop(domain);
}

export const APP_UNINSTALLED_TOPIC = 'app/uninstalled';

/**
 * Uninstalls the app as a merchant would in Shopify's admin: the store's side first (theme embeds
 * off, app metafields deleted, charges cancelled, its Admin and Storefront tokens revoked), then
 * app/uninstalled.
 * Opening the admin again reinstalls (a new token exchange).
 */
export async function uninstallApp(
  ctx: SandboxContext,
  domain: string,
): Promise<WebhookDelivery | null> {
  const shop = await requireSandboxShop(ctx, domain);
  if (!(await ctx.tokens.installed(domain))) {
    throw new HttpError(409, `Popstage is not installed on ${domain}`);
  }
  await ctx.store.uninstallApp(domain);
  await ctx.tokens.revokeAll(domain);
  await ctx.storefrontTokens.revokeAll(domain);
  return ctx.webhooks.send(APP_UNINSTALLED_TOPIC, domain, appUninstalledPayload(shop));
}

/** The Shop resource Shopify sends with app/uninstalled (the fields the sandbox knows). */
function appUninstalledPayload(shop: PlatformShop) {
  return {
    name: shop.name,
    email: shop.email,
    domain: shop.domain,
    myshopify_domain: shop.domain,
    shop_owner: shop.ownerName,
    currency: shop.currency,
    created_at: shop.createdAt,
  };
}

/**
 * A merchant's stock or status change of a product in Shopify's admin: the store's side, then
 * products/update (whatever the app answers, the change stands). Null when no such handle.
 */
export async function editSandboxProduct(
  ctx: SandboxContext,
  domain: string,
  handle: string,
  edit: SandboxProductEdit,
): Promise<{ product: PlatformProduct; delivery: WebhookDelivery | null } | null> {
  await requireSandboxShop(ctx, domain);
  const product = await ctx.store.editProduct(domain, handle, edit);
  if (!product) return null;
  const delivery = await ctx.webhooks.send(
    PRODUCTS_UPDATE_TOPIC,
    domain,
    productUpdatedPayload(product, ctx.now()),
  );
  return { product, delivery };
}

export async function setAppEmbed(ctx: SandboxContext, domain: string, enabled: boolean) {
  await requireSandboxShop(ctx, domain);
  await ctx.store.setAppEmbed(domain, enabled);
}

export async function setConsentRequired(ctx: SandboxContext, domain: string, required: boolean) {
  await requireSandboxShop(ctx, domain);
  await ctx.store.setConsentRequired(domain, required);
}

/** Shopify approving (or not) the app's protected customer data access, for this store. */
export async function setProtectedCustomerData(
  ctx: SandboxContext,
  domain: string,
  granted: boolean,
) {
  await requireSandboxShop(ctx, domain);
  await ctx.store.setProtectedCustomerData(domain, granted);
}

/** Publishes every active product to the Popstage sales channel, as a merchant would in Shopify. */
export async function publishAllProducts(ctx: SandboxContext, domain: string): Promise<number> {
  await requireSandboxShop(ctx, domain);
  // As in Shopify's admin: there is no Popstage channel to publish to before the app connects it.
  if ((await ctx.store.salesChannel(domain)) === null) {
    throw new HttpError(
      409,
      'The Popstage sales channel is not connected on this store yet: open the app once (it connects the channel on its first load).',
    );
  }
  return ctx.store.publishProducts(domain);
}

/** The token the admin would get from App Bridge in Shopify: same claims, same key. */
export async function issueSessionToken(ctx: SandboxContext, domain: string) {
  await requireSandboxShop(ctx, domain);
  return signSessionToken(ctx.app, domain);
}

// The app's side, through its staff API.

export async function setFeatureFlags(
  ctx: SandboxContext,
  domain: string,
  patch: Partial<Record<FeatureFlagName, boolean>>,
) {
  await requireSandboxShop(ctx, domain);
  await operatorOf(ctx).setFeatureFlags(domain, patch);
}

export async function setMobileAppState(ctx: SandboxContext, domain: string, preset: MobilePreset) {
  await requireSandboxShop(ctx, domain);
  await operatorOf(ctx).setMobileAppState(domain, preset);
}

/** Staff's change of a submitted branded-app request: platform states, links, notes. */
export async function changeMobileAppRequest(
  ctx: SandboxContext,
  domain: string,
  change: MobileRequestChange,
) {
  await requireSandboxShop(ctx, domain);
  await operatorOf(ctx).changeMobileAppRequest(domain, change);
}

export async function proposeCompanyPlanChange(
  ctx: SandboxContext,
  domain: string,
  change: { planId: string; addonIds: string[] },
) {
  await requireSandboxShop(ctx, domain);
  await operatorOf(ctx).proposePlanChange(domain, change);
}

export async function billingOffer(ctx: SandboxContext) {
  if (!ctx.operator) return null;
  try {
    return await ctx.operator.billingOffer();
  } catch {
    return null;
  }
}
