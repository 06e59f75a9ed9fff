import type { SellerPayload } from '@popstage/core/account';

/**
 * LivePlatform: the live-selling platform ("popshop.live") where the merchant's seller account
 * lives. Adapters: the sandbox (offline, default) and an HTTP client for LIVE_PLATFORM_URL.
 */
export interface CreatedSeller {
  sellerId: string;
  /** The seller's go-live dashboard. */
  dashboardUrl: string;
}

export interface LivePlatform {
  readonly kind: 'sandbox' | 'http';
  /**
   * Creates the seller, or returns the one already created with the same idempotency key, so a
   * retry after a lost answer never makes a second seller.
   */
  createSeller(input: { idempotencyKey: string; payload: SellerPayload }): Promise<CreatedSeller>;
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
