import { describe, expect, it } from 'vitest';
import { lockoutMinutes } from './lockout';

describe('sign-in lockout backoff', () => {
  it('is free for four attempts, then doubles from a minute up to an hour', () => {
    expect(Array.from({ length: 13 }, (_, n) => lockoutMinutes(n + 1))).toEqual([
      0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });
});
