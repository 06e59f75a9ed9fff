import type { StorefrontFeed } from './types';

export interface Api {
  base: string;
  feed(): Promise<StorefrontFeed | null>;
  likes(visitorId: string): Promise<string[]>;
  eventsUrl: string;
}

/** The storefront API of one shop on the app's origin (the widget script's own origin). */
export function createApi(origin: string, shop: string): Api {
  const base = `${origin}/storefront/v1/shops/${encodeURIComponent(shop)}`;
  const getJson = async <T>(url: string): Promise<T | null> => {
    try {
      const response = await fetch(url, { credentials: 'omit' });
      return response.ok ? ((await response.json()) as T) : null;
    } catch {
      return null;
    }
  };
  return {
    base,
    eventsUrl: `${base}/events`,
    feed: () => getJson<StorefrontFeed>(`${base}/feed`),
    likes: async (visitorId) =>
      (
        await getJson<{ likedClipIds: string[] }>(
          `${base}/likes?visitorId=${encodeURIComponent(visitorId)}`,
        )
      )?.likedClipIds ?? [],
  };
}
