/**
 * Shopify's Customer Privacy API. Where the shop's region requires consent, the widget keeps no
 * visitor id, tags no cart, puts no clip on cart lines and sends no analytics until the shopper
 * allows analytics; clips still play. https://shopify.dev/docs/api/customer-privacy
 */

interface ShopifyGlobal {
  customerPrivacy?: { analyticsProcessingAllowed(): boolean };
  loadFeatures?: (
    features: { name: string; version: string }[],
    done: (error?: unknown) => void,
  ) => void;
}

const shopify = () => (window as unknown as { Shopify?: ShopifyGlobal }).Shopify;

export function analyticsAllowed(): boolean {
  const privacy = shopify()?.customerPrivacy;
  if (privacy) return privacy.analyticsProcessingAllowed();
  // A page without Shopify's consent features has no consent regime to follow; on a storefront
  // that has them, nothing is allowed until the API has loaded and answered.
  return !shopify()?.loadFeatures;
}

/** Loads the API, then calls back with its answer, and again whenever the shopper decides. */
export function watchConsent(changed: (allowed: boolean) => void): void {
  document.addEventListener('visitorConsentCollected', () => changed(analyticsAllowed()));
  shopify()?.loadFeatures?.([{ name: 'consent-tracking-api', version: '0.1' }], (error) => {
    if (!error) changed(analyticsAllowed());
  });
}
