import type { ShopApi } from './shop';

/**
 * A mobile add-on (Mobile Pro unless named) for a shop of a started app, as a merchant gets it: a subscription
 * draft, the purchase, and Approve on the local Shopify's billing page.
 */
export async function subscribeMobileOverHttp(
  baseUrl: string,
  api: ShopApi,
  shop: string,
  addonId = 'addon-mobile-pro',
): Promise<void> {
  const draft = await api<{ id: string }>('POST', '/api/shopify/shop/subscription/draft', {
    shopifyDomain: shop,
    planId: 'bundle-flexible-2025-monthly',
    extraAddonIds: [addonId],
  });
  const purchase = await api<{ confirmationUrl: string | null }>(
    'POST',
    '/api/shopify/shop/subscription',
    { draftId: draft.id },
  );
  if (purchase.confirmationUrl) {
    const approve = await fetch(`${purchase.confirmationUrl}/approve`, {
      method: 'POST',
      redirect: 'manual',
    });
    const location = approve.headers.get('location');
    if (location) await fetch(new URL(location, baseUrl));
  }
}
