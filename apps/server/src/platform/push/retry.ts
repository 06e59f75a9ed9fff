/**
 * Retries of a push request the service refused for now. FCM HTTP v1 answers 429
 * (QUOTA_EXCEEDED), 500 (INTERNAL) and 503 (UNAVAILABLE), APNs 429 (TooManyRequests), 500
 * (InternalServerError) and 503 (ServiceUnavailable, Shutdown); both ask senders to retry with
 * exponential backoff and to wait at least a Retry-After the answer carries
 * (firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode; Apple's "Handling error responses
 * from APNs"). docs/decisions.md, "Push notifications (issue 17)": retries happen inside the
 * channel, per request, bounded by attempts and by one window per send.
 */

export interface RetryPolicy {
  /** Attempts per request, the first included. */
  attempts: number;
  /** The first backoff; it doubles each retry, with jitter (a wait between half and all of it). */
  baseDelayMs: number;
  /** The longest backoff (a Retry-After may ask for longer, within the window). */
  maxDelayMs: number;
  /**
   * How long one send (a batch's devices through a channel) may go on retrying: a wait that
   * would end after it is not made, so a batch is never held much longer than this.
   */
  windowMs: number;
}

export interface RetryTiming {
  /** Milliseconds, for the window and HTTP-date Retry-After values. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** In [0, 1): the jitter. */
  random(): number;
}

/** What a channel may be given: tests pass their clock and an instant sleep. */
export type PushRetryOptions = Partial<RetryPolicy> & Partial<RetryTiming>;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  windowMs: 60_000,
};

/** One request's answer as the channel reads it: transient ones may be retried. */
export type Attempt<T> =
  | { value: T; transient: false }
  | { value: T; transient: true; retryAfterMs: number | null };

export interface Retried<T> {
  value: T;
  attempts: number;
  /** True when the last answer was still transient: the retries gave up. */
  gaveUp: boolean;
}

export interface Retrier {
  /** The deadline of a send starting now: every request of the send shares it. */
  window(): number;
  /** Runs `request` until it answers for good, the attempts are used up or the window closes. */
  run<T>(deadline: number, request: () => Promise<Attempt<T>>): Promise<Retried<T>>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRetrier(options: PushRetryOptions = {}): Retrier {
  const policy: RetryPolicy = {
    attempts: options.attempts ?? DEFAULT_RETRY_POLICY.attempts,
    baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
    windowMs: options.windowMs ?? DEFAULT_RETRY_POLICY.windowMs,
  };
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  return {
    window: () => now() + policy.windowMs,
    async run(deadline, request) {
      for (let attempt = 1; ; attempt++) {
        const answer = await request();
        if (!answer.transient) return { value: answer.value, attempts: attempt, gaveUp: false };
        if (attempt >= policy.attempts)
          return { value: answer.value, attempts: attempt, gaveUp: true };
        const backoff =
          Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)) *
          (0.5 + random() / 2);
        const wait = Math.ceil(Math.max(answer.retryAfterMs ?? 0, backoff));
        if (now() + wait > deadline)
          return { value: answer.value, attempts: attempt, gaveUp: true };
        await sleep(wait);
      }
    },
  };
}

/**
 * A Retry-After header in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
 * null when absent or unreadable. A date in the past is 0.
 */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // HTTP dates start with the day's name (IMF-fixdate, and the obsolete RFC 850 and asctime).
  const at = /^[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** 429 and 5xx: the service did not take the message and asks for it again later. */
export const isTransientStatus = (status: number) =>
  status === 429 || (status >= 500 && status < 600);

/** A failure reason after retries gave up says how many attempts were made. */
export function gaveUpReason(reason: string, attempts: number): string {
  return `${reason} (gave up after ${attempts} attempt${attempts === 1 ? '' : 's'})`;
}
