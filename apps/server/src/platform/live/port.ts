import type { Readable } from 'node:stream';
import type { SellerPayload } from '@popstage/core/account';
import type { LiveShowProduct, LiveShowWire } from '@popstage/core/live';

/**
 * LivePlatform: the live-selling platform where the merchant's seller account lives: Popstage's
 * own live service (@popstage/live), which this server mounts at /live-service unless
 * LIVE_PLATFORM_URL names one running apart. One adapter: its HTTP seller API.
 */
export interface CreatedSeller {
  sellerId: string;
  /** The seller's go-live dashboard. */
  dashboardUrl: string;
}

/** A show on the live platform, as the admin gets it too (core's live contract). */
export type LiveShow = LiveShowWire;

export interface LivePlatform {
  readonly kind: 'http';
  /**
   * Creates the seller, or returns the one already created with the same idempotency key, so a
   * retry after a lost answer never makes a second seller.
   */
  createSeller(input: { idempotencyKey: string; payload: SellerPayload }): Promise<CreatedSeller>;
  /**
   * Schedules a show; the seller goes live and ends it on the platform's dashboard. `products`
   * names and pictures each of productIds (same order) for the seller's studio.
   */
  scheduleShow(
    sellerId: string,
    show: { title: string; startsAt: string; productIds: string[]; products: LiveShowProduct[] },
  ): Promise<LiveShow>;
  /** The seller's shows, newest start first; expired replays are left out. */
  listShows(sellerId: string): Promise<LiveShow[]>;
  /** One show of the seller; fails with LivePlatformError when there is none. */
  getShow(sellerId: string, showId: string): Promise<LiveShow>;
  /** Deletes the seller with every show and video (shop/redact); done when already gone. */
  deleteSeller(sellerId: string): Promise<void>;
  /** The replay's video (MP4) as a stream. Fails with LivePlatformError when there is none. */
  openReplay(sellerId: string, showId: string): Promise<Readable>;
}

/** The platform refused the seller; `conflict` names a field already taken there. */
export class LivePlatformError extends Error {
  constructor(
    message: string,
    readonly conflict: 'email' | 'phone' | null = null,
  ) {
    super(message);
  }
}
