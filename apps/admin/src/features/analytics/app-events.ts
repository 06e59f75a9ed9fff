import type { AppEvent } from '@popstage/core/analytics';
import type { Shop } from '@popstage/core/shop';
import type { ApiClient } from '../../lib/api/client';

/**
 * App events go to the shop's data lake (config.dataLakeUrl), which by default is our own server
 * (same origin). Analytics must never get in the merchant's way, so a failure is only logged
 * (spec 01 §8: other failures are logged silently).
 */
export function appEventsUrl(shop: Pick<Shop, 'config'>): string {
  const base = (shop.config.dataLakeUrl ?? '').replace(/\/+$/, '');
  return `${base}/ingest/appevents`;
}

export async function sendAppEvent(
  api: ApiClient,
  shop: Pick<Shop, 'config' | 'shopifyDomain'>,
  event: Omit<AppEvent, 'shopId'>,
): Promise<void> {
  try {
    await api.put(appEventsUrl(shop), {
      ...event,
      shopId: shop.shopifyDomain,
      occurredAt: new Date().toISOString(),
    });
  } catch (error) {
    console.warn('App event not sent', event.category, event.action, error);
  }
}
