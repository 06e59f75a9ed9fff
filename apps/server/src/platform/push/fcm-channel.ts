import { JWT } from 'google-auth-library';
import { z } from 'zod';
import type { FcmServiceAccount } from './fcm-account';
import { createH2Client } from './h2-client';
import {
  DEFAULT_PUSH_LANES,
  type DeviceOutcome,
  mapLimit,
  type PushChannel,
  type PushMessage,
  shopTopic,
} from './port';
import {
  type Attempt,
  createRetrier,
  gaveUpReason,
  isTransientStatus,
  type PushRetryOptions,
  retryAfterMs,
} from './retry';

export interface FcmOptions {
  serviceAccount: FcmServiceAccount;
  /** https://fcm.googleapis.com, or a local fake. */
  apiUrl: string;
  /** Google's OAuth token endpoint, or a local fake's (the library's URL is rewritten to it). */
  tokenUrl: string;
  /** Sends in flight at once (FCM v1 has no batch call; firebase-admin's sendEach does the same). */
  concurrency?: number;
  /** Retries of 429 and 5xx answers (retry.ts); tests pass their clock and sleep. */
  retry?: PushRetryOptions;
}

/** Why a message was not taken: FCM's error code and the reason shown with the results. */
interface Failure {
  code: string;
  reason: string;
}

/** Google's front end takes at most 100 streams on one HTTP/2 connection (more: GOAWAY). */
const STREAMS_PER_CONNECTION = 100;

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** FCM v1's error body: the FcmError detail carries the code (UNREGISTERED...). */
const fcmErrorSchema = z.object({
  error: z.object({
    status: z.string().optional(),
    message: z.string().optional(),
    details: z.array(z.object({ errorCode: z.string().optional() }).loose()).optional(),
  }),
});

const messageBody = (message: PushMessage, target: { token: string } | { topic: string }) => ({
  message: {
    ...target,
    notification: { title: message.title, body: message.body },
    // FCM data values are strings only.
    data: {
      notificationId: message.notificationId,
      ...(message.route ? { route: message.route } : {}),
      ...(message.openToken ? { openToken: message.openToken } : {}),
    },
    android: { priority: 'high' },
  },
});

/**
 * Firebase Cloud Messaging HTTP v1 (Android): a service-account OAuth token from
 * google-auth-library (cached until it expires), one POST per token (a stream on a few HTTP/2
 * connections), the shop's topic for broadcasts. UNREGISTERED (404) unregisters the device.
 * QUOTA_EXCEEDED (429), INTERNAL (500) and UNAVAILABLE (503) are retried with backoff, after any
 * Retry-After, within one window per send (retry.ts); a device counts as failed only when they
 * give up.
 */
export function createFcmChannel(options: FcmOptions): PushChannel {
  const auth = new JWT({
    email: options.serviceAccount.client_email,
    key: options.serviceAccount.private_key,
    scopes: [SCOPE],
    transporterOptions: {
      fetchImplementation: ((input: string | URL | Request, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        return fetch(url === GOOGLE_TOKEN_URL ? options.tokenUrl : input, init);
      }) as typeof fetch,
    },
  });
  const api = new URL(options.apiUrl);
  const sendPath = `${api.pathname.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(options.serviceAccount.project_id)}/messages:send`;
  const concurrency = options.concurrency ?? DEFAULT_PUSH_LANES;
  // FCM v1 speaks HTTP/2 (firebase-admin's sendEach uses it): requests are streams on a few
  // connections, not a socket each.
  const client = createH2Client(api.origin, {
    inFlight: concurrency,
    streamsPerConnection: STREAMS_PER_CONNECTION,
  });

  const retrier = createRetrier(options.retry);
  const now = options.retry?.now ?? Date.now;

  async function post(body: string, retried = false): Promise<Attempt<Failure | null>> {
    const { token } = await auth.getAccessToken();
    const answer = await client.request(
      {
        ':method': 'POST',
        ':path': sendPath,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body,
    );
    if (answer.status >= 200 && answer.status < 300) return { value: null, transient: false };
    let json: unknown = null;
    try {
      json = JSON.parse(answer.body);
    } catch {
      // Not FCM's error JSON: the status says what happened.
    }
    const parsed = fcmErrorSchema.safeParse(json);
    const error = parsed.success ? parsed.data.error : undefined;
    const code =
      error?.details?.find((detail) => detail.errorCode)?.errorCode ??
      error?.status ??
      `HTTP ${answer.status}`;
    if (answer.status === 401 && !retried) {
      // A revoked or expired access token: get a fresh one once.
      auth.credentials = {};
      return post(body, true);
    }
    const value = { code, reason: `FCM ${code}${error?.message ? `: ${error.message}` : ''}` };
    const retryAfter = answer.headers['retry-after'];
    // QUOTA_EXCEEDED (429), INTERNAL (500), UNAVAILABLE (503): FCM did not take the message.
    return isTransientStatus(answer.status)
      ? {
          value,
          transient: true,
          retryAfterMs: retryAfterMs(typeof retryAfter === 'string' ? retryAfter : null, now()),
        }
      : { value, transient: false };
  }

  /**
   * Sends one message, retrying what FCM refused for now until `deadline`; a request that got
   * no answer is not retried (FCM may have taken it: the device must not get it twice).
   */
  async function deliver(message: unknown, deadline: number): Promise<Failure | null> {
    const body = JSON.stringify(message);
    try {
      const sent = await retrier.run(deadline, () => post(body));
      if (sent.value && sent.gaveUp) {
        return { ...sent.value, reason: gaveUpReason(sent.value.reason, sent.attempts) };
      }
      return sent.value;
    } catch (error) {
      return { code: 'NETWORK', reason: `FCM request failed: ${(error as Error).message}` };
    }
  }

  return {
    lanes: concurrency,
    async send(_shop, message, devices) {
      const deadline = retrier.window();
      return mapLimit(devices, concurrency, async (device): Promise<DeviceOutcome> => {
        const failed = await deliver(messageBody(message, { token: device.token }), deadline);
        if (!failed) return { deviceId: device.id, delivered: true };
        return {
          deviceId: device.id,
          delivered: false,
          reason: failed.reason,
          unregistered: failed.code === 'UNREGISTERED',
        };
      });
    },
    async sendToTopic(shop, message) {
      const failed = await deliver(
        messageBody(message, { topic: shopTopic(shop) }),
        retrier.window(),
      );
      return failed ? { reason: failed.reason } : null;
    },
    close: () => client.close(),
  };
}
