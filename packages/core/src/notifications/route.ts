import { z } from 'zod';

/**
 * Where tapping a notification takes the app user (docs/decisions.md "Push notifications"): a
 * deep-link path, the same string in FCM data, the APNs payload and the sandbox device.
 * `/collections/{handle}`, `/products/{handle}` or `/popclips/{clip id}` (the clip's public
 * id, the storefront feed's: its metaIdentifier).
 */
export type NotificationRoute =
  | { kind: 'collection'; handle: string }
  | { kind: 'product'; handle: string }
  | { kind: 'popclip'; id: string };

const HANDLE = '[a-z0-9][a-z0-9-]{0,254}';
const CLIP_ID = '[A-Za-z0-9_-]{1,64}';
const ROUTE = new RegExp(`^/(?:(collections|products)/(${HANDLE})|(popclips)/(${CLIP_ID}))$`);

export function parseRoute(route: string): NotificationRoute | null {
  const match = ROUTE.exec(route);
  if (!match) return null;
  if (match[3] && match[4]) return { kind: 'popclip', id: match[4] };
  const handle = match[2] ?? '';
  return match[1] === 'collections' ? { kind: 'collection', handle } : { kind: 'product', handle };
}

export function routePathOf(route: NotificationRoute): string {
  if (route.kind === 'popclip') return `/popclips/${route.id}`;
  return `/${route.kind === 'collection' ? 'collections' : 'products'}/${route.handle}`;
}

export const notificationRouteSchema = z
  .string()
  .max(300)
  .refine((value) => parseRoute(value) !== null, 'Choose a collection, a product or a Popclip');
