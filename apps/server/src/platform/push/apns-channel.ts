import { constants } from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import { createH2Client } from './h2-client';
import {
  DEFAULT_PUSH_LANES,
  type DeviceOutcome,
  mapLimit,
  type PushChannel,
  type PushMessage,
  type PushShop,
} from './port';
import {
  type Attempt,
  createRetrier,
  gaveUpReason,
  isTransientStatus,
  type PushRetryOptions,
  retryAfterMs,
} from './retry';

export interface ApnsOptions {
  /** The .p8 key of the Apple team (PEM, ES256). */
  privateKey: string;
  keyId: string;
  teamId: string;
  /** A shop's app is `${bundlePrefix}.${shop handle}` (docs/decisions.md). */
  bundlePrefix: string;
  /** https://api.push.apple.com (or the sandbox host, or a local fake). */
  url: string;
  /** Streams in flight at once on the one HTTP/2 connection (APNs allows up to 1,000). */
  concurrency?: number;
  now?: () => Date;
  /** Retries of 429 and 5xx answers (retry.ts); tests pass their sleep. */
  retry?: Omit<PushRetryOptions, 'now'>;
}

/** Apple takes up to 1,000 streams on one connection. */
const STREAMS_PER_CONNECTION = 1000;
/** Apple refuses a provider token older than an hour and one refreshed more than every 20 minutes. */
const TOKEN_TTL_MS = 50 * 60_000;
/** Reasons that mean the token will never work again: the device is forgotten. */
const DEAD_TOKEN = new Set(['Unregistered', 'BadDeviceToken', 'DeviceTokenNotForTopic']);
/**
 * A 429 about our provider token, not the device: the connection stays refused for a while
 * (Apple's forums), so retrying within the send's window would not help.
 */
const NOT_RETRIED = new Set(['TooManyProviderTokenUpdates']);

interface Answer {
  status: number;
  reason: string | null;
  retryAfter: string | null;
}

export const apnsTopic = (bundlePrefix: string, shop: Pick<PushShop, 'handle'>) =>
  `${bundlePrefix}.${shop.handle.replace(/[^A-Za-z0-9-]/g, '-')}`;

const payload = (message: PushMessage) =>
  JSON.stringify({
    aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
    notificationId: message.notificationId,
    ...(message.route ? { route: message.route } : {}),
    ...(message.openToken ? { openToken: message.openToken } : {}),
  });

/**
 * APNs over HTTP/2 with token authentication: an ES256 JWT (jose) signed with the team's key,
 * reused for 50 minutes; one POST /3/device/{token} stream per device on a shared connection.
 * 410 Unregistered and BadDeviceToken unregister the device. TooManyRequests (429),
 * InternalServerError (500) and ServiceUnavailable (503) are retried with backoff, after any
 * Retry-After, within one window per send (retry.ts); a device counts as failed only when they
 * give up.
 */
export function createApnsChannel(options: ApnsOptions): PushChannel {
  const now = options.now ?? (() => new Date());
  const retrier = createRetrier({ ...options.retry, now: () => now().getTime() });
  let providerToken: { jwt: string; at: number } | null = null;
  // Imported on first use: a bad key fails the sends (with the reason), not the start.
  let key: ReturnType<typeof importPKCS8> | null = null;
  const concurrency = options.concurrency ?? DEFAULT_PUSH_LANES;
  const client = createH2Client(options.url, {
    inFlight: concurrency,
    streamsPerConnection: STREAMS_PER_CONNECTION,
  });

  async function bearer(fresh = false): Promise<string> {
    const at = now().getTime();
    if (!fresh && providerToken && at - providerToken.at < TOKEN_TTL_MS) return providerToken.jwt;
    key ??= importPKCS8(options.privateKey, 'ES256');
    const jwt = await new SignJWT({ iss: options.teamId, iat: Math.floor(at / 1000) })
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .sign(await key);
    providerToken = { jwt, at };
    return jwt;
  }

  async function post(topic: string, token: string, body: string, jwt: string): Promise<Answer> {
    const answer = await client.request(
      {
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(token)}`,
        authorization: `bearer ${jwt}`,
        'apns-topic': topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'content-type': 'application/json',
      },
      body,
    );
    let reason: string | null = null;
    if (answer.body) {
      try {
        reason = (JSON.parse(answer.body) as { reason?: string }).reason ?? null;
      } catch {
        reason = null;
      }
    }
    const retryAfter = answer.headers[constants.HTTP2_HEADER_RETRY_AFTER];
    return {
      status: answer.status,
      reason,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
    };
  }

  /** One device's request; a refused provider token is renewed and sent again once. */
  async function attempt(topic: string, token: string, body: string): Promise<Attempt<Answer>> {
    let answer = await post(topic, token, body, await bearer());
    if (answer.status === 403 && answer.reason === 'ExpiredProviderToken') {
      answer = await post(topic, token, body, await bearer(true));
    }
    // TooManyRequests (429), InternalServerError (500), ServiceUnavailable / Shutdown (503):
    // APNs did not take the notification.
    return isTransientStatus(answer.status) && !NOT_RETRIED.has(answer.reason ?? '')
      ? {
          value: answer,
          transient: true,
          retryAfterMs: retryAfterMs(answer.retryAfter, now().getTime()),
        }
      : { value: answer, transient: false };
  }

  return {
    // Streams on the one HTTP/2 connection (APNs allows up to 1,000).
    lanes: concurrency,
    async send(shop, message, devices) {
      const topic = apnsTopic(options.bundlePrefix, shop);
      const body = payload(message);
      const deadline = retrier.window();
      return mapLimit(devices, concurrency, async (device): Promise<DeviceOutcome> => {
        try {
          // A stream that got no answer is not retried: APNs may have taken it.
          const sent = await retrier.run(deadline, () => attempt(topic, device.token, body));
          const answer = sent.value;
          if (answer.status === 200) return { deviceId: device.id, delivered: true };
          const reason = answer.reason ?? `HTTP ${answer.status}`;
          const shown = `APNs ${answer.status} ${reason}`;
          return {
            deviceId: device.id,
            delivered: false,
            reason: sent.gaveUp ? gaveUpReason(shown, sent.attempts) : shown,
            unregistered: answer.status === 410 || DEAD_TOKEN.has(reason),
          };
        } catch (error) {
          return {
            deviceId: device.id,
            delivered: false,
            reason: `APNs unreachable: ${(error as Error).message}`,
            unregistered: false,
          };
        }
      });
    },
    close: () => client.close(),
  };
}
