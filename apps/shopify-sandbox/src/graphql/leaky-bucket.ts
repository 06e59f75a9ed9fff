/**
 * Shopify's leaky bucket per app and shop: a query needs its requested cost in the bucket before
 * it runs; the bucket refills continuously at the restore rate up to its size. Standard plan:
 * 100 points a second, a bucket of 2,000 (what Shopify answers in `throttleStatus`).
 */

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export const STANDARD_PLAN = { maximumAvailable: 2000, restoreRate: 100 } as const;

export class LeakyBucket {
  private available: number;
  private updatedAt: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits: { maximumAvailable: number; restoreRate: number } = STANDARD_PLAN,
  ) {
    this.available = limits.maximumAvailable;
    this.updatedAt = now();
  }

  /**
   * Takes `cost` points when the bucket holds them; false (and nothing taken) when it does not.
   * Only a whole, non-negative cost is taken: anything else (NaN from a bad count) would poison
   * the bucket for good, so it is refused.
   */
  take(cost: number): boolean {
    this.refill();
    if (!Number.isSafeInteger(cost) || cost < 0 || cost > this.available) return false;
    this.available -= cost;
    return true;
  }

  /** Gives back what a query took beyond its actual cost, up to the bucket's size. */
  refund(points: number): void {
    if (!Number.isFinite(points) || points <= 0) return;
    this.refill();
    this.available = Math.min(this.limits.maximumAvailable, this.available + points);
  }

  status(): ThrottleStatus {
    this.refill();
    return {
      maximumAvailable: this.limits.maximumAvailable,
      currentlyAvailable: Math.floor(this.available),
      restoreRate: this.limits.restoreRate,
    };
  }

  private refill() {
    const now = this.now();
    const restored = ((now - this.updatedAt) / 1000) * this.limits.restoreRate;
    this.available = Math.min(this.limits.maximumAvailable, this.available + restored);
    this.updatedAt = now;
  }
}
