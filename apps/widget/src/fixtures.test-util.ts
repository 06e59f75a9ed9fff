import { vi } from 'vitest';
import type { StorefrontClip, StorefrontFeed } from './types';

export function clip(id: string, overrides: Partial<StorefrontClip> = {}): StorefrontClip {
  return {
    id,
    title: `Clip ${id}`,
    videoUrl: `https://cdn.example/${id}.mp4`,
    posterUrl: `https://cdn.example/${id}.jpg`,
    sources: [],
    previewUrl: null,
    captions: [],
    durationSeconds: 12,
    width: 720,
    height: 1280,
    displayTargets: ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'],
    products: [
      {
        id: 'gid://shopify/Product/1',
        handle: 'tee',
        title: 'Tee',
        url: '/products/tee',
        imageUrl: 'https://cdn.example/tee.jpg',
        price: '19.99',
        currencyCode: 'USD',
        variantId: 'gid://shopify/ProductVariant/11',
        available: true,
      },
    ],
    uploadedAt: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function feed(overrides: Partial<StorefrontFeed> = {}): StorefrontFeed {
  const clips = [clip('a', { views: 1500, likes: 3 }), clip('b', { products: [] }), clip('c')];
  return {
    shop: { domain: 'demo-store.myshopify.com', currency: 'USD' },
    settings: {
      hidePopClipsOnPDP: false,
      showViews: true,
      showLikes: true,
      buyButton: true,
      holdoutPercent: 0,
      watermark: true,
    },
    positions: {
      featured: { mobile: { xAxis: 0, yAxis: 75 }, desktop: { xAxis: 100, yAxis: 50 } },
      miniplayer: { mobile: { xAxis: 0, yAxis: 75 }, desktop: { xAxis: 0, yAxis: 57 } },
    },
    featured: clips[2] ?? null,
    clips,
    carousels: [{ id: 'car1', title: 'Summer', clipIds: ['c', 'a', 'gone'] }],
    ...overrides,
  };
}

/** What the app's visitors route answers in these tests: a signed id (its shape only). */
export const ISSUED_VISITOR = `visitor-1.${'s'.repeat(22)}`;

/** The visitors route's answer, for the tests' fetch stubs (null for any other URL). */
export function visitorAnswer(url: string): Response | null {
  return url.endsWith('/visitors')
    ? Response.json({ visitorId: ISSUED_VISITOR }, { status: 201 })
    : null;
}

/** jsdom plays no media: play, pause and load of every video succeed and do nothing. */
export function stubMediaPlayback(): void {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
}
