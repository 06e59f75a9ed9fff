import { describe, expect, it } from 'vitest';
import { type Attempt, createRetrier, gaveUpReason, retryAfterMs } from './retry';

/** A clock that moves only when the retrier sleeps, and the waits it asked for. */
function timing(random = 0.5) {
  let at = 1_000_000;
  const slept: number[] = [];
  return {
    slept,
    now: () => at,
    sleep: async (ms: number) => {
      slept.push(ms);
      at += ms;
    },
    random: () => random,
  };
}

/** Answers transient `failures` times (with `retryAfter` when given), then 'ok'. */
function service(failures: number, retryAfter: number | null = null) {
  let calls = 0;
  return {
    calls: () => calls,
    request: async (): Promise<Attempt<string>> => {
      calls += 1;
      return calls <= failures
        ? { value: 'busy', transient: true, retryAfterMs: retryAfter }
        : { value: 'ok', transient: false };
    },
  };
}

describe('push retries', () => {
  it('backs off exponentially with jitter until the service takes the request', async () => {
    const clock = timing(0.5);
    const retrier = createRetrier({ ...clock, baseDelayMs: 1000 });
    const busy = service(3);
    expect(await retrier.run(retrier.window(), busy.request)).toEqual({
      value: 'ok',
      attempts: 4,
      gaveUp: false,
    });
    // 1 s, 2 s, 4 s, each between half and all of it (random 0.5: three quarters).
    expect(clock.slept).toEqual([750, 1500, 3000]);
  });

  it('waits at least the Retry-After the service asked for', async () => {
    const clock = timing(1);
    const retrier = createRetrier(clock);
    const busy = service(2, 7000);
    expect((await retrier.run(retrier.window(), busy.request)).value).toBe('ok');
    expect(clock.slept).toEqual([7000, 7000]);
  });

  it('gives up after the last attempt, with the last answer', async () => {
    const clock = timing();
    const retrier = createRetrier({ ...clock, attempts: 3 });
    const down = service(10);
    expect(await retrier.run(retrier.window(), down.request)).toEqual({
      value: 'busy',
      attempts: 3,
      gaveUp: true,
    });
    expect(down.calls()).toBe(3);
    expect(clock.slept).toHaveLength(2);
  });

  it('makes no wait that would end after the send window, however many attempts are left', async () => {
    const clock = timing();
    const retrier = createRetrier({ ...clock, windowMs: 10_000 });
    // A Retry-After past the window: given up at once.
    const later = service(1, 60_000);
    expect(await retrier.run(retrier.window(), later.request)).toMatchObject({
      attempts: 1,
      gaveUp: true,
    });
    expect(clock.slept).toEqual([]);
    // Every request of a send shares its deadline: the second waits only while it is open.
    const deadline = retrier.window();
    await retrier.run(deadline, service(1, 6000).request);
    expect(await retrier.run(deadline, service(1, 6000).request)).toMatchObject({ gaveUp: true });
    expect(clock.slept).toEqual([6000]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('says how many attempts were made when it gave up', () => {
    expect(gaveUpReason('FCM UNAVAILABLE', 5)).toBe('FCM UNAVAILABLE (gave up after 5 attempts)');
    expect(gaveUpReason('APNs 429 TooManyRequests', 1)).toBe(
      'APNs 429 TooManyRequests (gave up after 1 attempt)',
    );
  });
});
