import type { Carousel } from '@popstage/core/carousels';
import { ADDONS, subscriptionWith } from './billing-fixture';
import { readyShop } from './shop-fixture';

export const basicShop = () =>
  readyShop({ subscription: subscriptionWith([ADDONS.popclipsBasic]) });
export const premiumShop = () =>
  readyShop({ subscription: subscriptionWith([ADDONS.popclipsPremium]) });

export function carousel(n: number, overrides: Partial<Carousel> = {}): Carousel {
  return {
    carousel_id: `carousel-${n}`,
    customer_id: 'demo-store.myshopify.com',
    carousel_title: `Carousel ${n}`,
    carousel_type: 'custom',
    carousel_type_ids: ['clip-1', 'clip-2', 'clip-3'],
    sorted_popclips_ids: ['clip-1', 'clip-2', 'clip-3'],
    is_published: false,
    created_at: '2026-02-01T00:00:00.000Z',
    updated_at: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}
