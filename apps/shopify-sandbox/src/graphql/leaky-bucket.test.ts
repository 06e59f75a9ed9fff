import { describe, expect, it } from 'vitest';
import { LeakyBucket } from './leaky-bucket';

describe('LeakyBucket', () => {
  it('lets a burst through up to its size, then refills at the restore rate', () => {
    let now = 0;
    const bucket = new LeakyBucket(() => now, { maximumAvailable: 1000, restoreRate: 100 });
    expect(bucket.take(600)).toBe(true);
    expect(bucket.take(600)).toBe(false);
    expect(bucket.status()).toEqual({
      maximumAvailable: 1000,
      currentlyAvailable: 400,
      restoreRate: 100,
    });
    now += 2000;
    expect(bucket.take(600)).toBe(true);
    now += 60_000;
    expect(bucket.status().currentlyAvailable).toBe(1000);
  });
});
