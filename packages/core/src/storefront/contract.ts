import { z } from 'zod';
import type { PlayerPosition } from '../placement/positions';
import type { DisplayTarget } from '../popclips/display';

/** The public storefront API (docs/api.md "Storefront (issue 7) — contract"). */

/** Largest JSON body the storefront endpoints take (413 above). */
export const STOREFRONT_BODY_LIMIT_BYTES = 16 * 1024;
/** Events per POST. */
export const STOREFRONT_EVENTS_MAX = 50;
/** A visitor's views of one clip count once per this window. */
export const VIEW_DEDUPE_MINUTES = 30;

export const STOREFRONT_EVENT_TYPES = [
  'impression',
  'view',
  'like',
  'unlike',
  'click',
  'add_to_cart',
] as const;
export type StorefrontEventType = (typeof STOREFRONT_EVENT_TYPES)[number];

const id = z.string().trim().min(1).max(128);

export const storefrontEventSchema = z.object({
  type: z.enum(STOREFRONT_EVENT_TYPES),
  clipId: id,
  productId: z.string().trim().min(1).max(256).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type StorefrontEvent = z.infer<typeof storefrontEventSchema>;

export const storefrontEventsBodySchema = z.object({
  visitorId: id,
  sessionId: id.optional(),
  events: z.array(storefrontEventSchema).min(1).max(STOREFRONT_EVENTS_MAX),
});
export type StorefrontEventsBody = z.infer<typeof storefrontEventsBodySchema>;

export interface StorefrontEventsAnswer {
  accepted: number;
  deduped: number;
  rejected: number;
}

export interface StorefrontProduct {
  id: string;
  handle: string;
  title: string;
  url: string;
  imageUrl: string | null;
  price: string;
  currencyCode: string;
  variantId: string | null;
  available: boolean;
}

export interface StorefrontClip {
  id: string;
  title: string;
  videoUrl: string | null;
  posterUrl: string | null;
  previewUrl: string | null;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  displayTargets: DisplayTarget[];
  products: StorefrontProduct[];
  /** When the clip was uploaded (ISO 8601): schema.org VideoObject's required uploadDate. */
  uploadedAt: string;
  views?: number;
  likes?: number;
}

export interface StorefrontPositions {
  featured: { mobile: PlayerPosition; desktop: PlayerPosition };
  miniplayer: { mobile: PlayerPosition; desktop: PlayerPosition };
}

export interface StorefrontFeed {
  shop: { domain: string; currency: string };
  settings: {
    hidePopClipsOnPDP: boolean;
    showViews: boolean;
    showLikes: boolean;
    buyButton: boolean;
    watermark: boolean;
  };
  positions: StorefrontPositions;
  featured: StorefrontClip | null;
  clips: StorefrontClip[];
  carousels: { id: string; title: string; clipIds: string[] }[];
}

export interface StorefrontCarouselAnswer {
  carousel: { id: string; title: string };
  clips: StorefrontClip[];
}
