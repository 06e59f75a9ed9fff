import type { StorefrontFeed } from './types';

export interface Api {
  base: string;
  feed(): Promise<StorefrontFeed | null>;
  likes(visitorId: string): Promise<string[]>;
  /** A new signed visitor id from the app (the same visitor when renewing one), or null. */
  issueVisitor(renewing?: string | null): Promise<string | null>;
  /** Counts the visitor in the running holdout test (failures are silent). */
  reportVisit(visitorId: string): Promise<void>;
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
    issueVisitor: async (renewing) => {
      try {
        // text/plain: a simple request, no preflight (the server reads it as JSON).
        const response = await fetch(`${base}/visitors`, {
          method: 'POST',
          credentials: 'omit',
          ...(renewing && {
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ visitorId: renewing }),
          }),
        });
        return response.ok ? ((await response.json()) as { visitorId: string }).visitorId : null;
      } catch {
        return null;
      }
    },
    reportVisit: async (visitorId) => {
      await fetch(`${base}/visits`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitorId }),
      }).catch(() => undefined);
    },
    likes: async (visitorId) =>
      (
        await getJson<{ likedClipIds: string[] }>(
          `${base}/likes?visitorId=${encodeURIComponent(visitorId)}`,
        )
      )?.likedClipIds ?? [],
  };
}
