import { JWT } from 'google-auth-library';
import { z } from 'zod';
import type { FcmServiceAccount } from './fcm-account';
import {
  type DeviceOutcome,
  mapLimit,
  type PushChannel,
  type PushMessage,
  shopTopic,
} from './port';

export interface FcmOptions {
  serviceAccount: FcmServiceAccount;
  /** https://fcm.googleapis.com, or a local fake. */
  apiUrl: string;
  /** Google's OAuth token endpoint, or a local fake's (the library's URL is rewritten to it). */
  tokenUrl: string;
  /** Sends in flight at once (FCM v1 has no batch call; firebase-admin's sendEach does the same). */
  concurrency?: number;
  fetch?: typeof fetch;
}

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
    },
    android: { priority: 'high' },
  },
});

/**
 * Firebase Cloud Messaging HTTP v1 (Android): a service-account OAuth token from
 * google-auth-library (cached until it expires), one POST per token, the shop's topic for
 * broadcasts. UNREGISTERED (404) and a token FCM calls invalid unregister the device.
 */
export function createFcmChannel(options: FcmOptions): PushChannel {
  const doFetch = options.fetch ?? globalThis.fetch;
  const auth = new JWT({
    email: options.serviceAccount.client_email,
    key: options.serviceAccount.private_key,
    scopes: [SCOPE],
    transporterOptions: {
      fetchImplementation: ((input: string | URL | Request, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        return doFetch(url === GOOGLE_TOKEN_URL ? options.tokenUrl : input, init);
      }) as typeof fetch,
    },
  });
  const sendUrl = `${options.apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(options.serviceAccount.project_id)}/messages:send`;

  async function post(
    body: unknown,
    retried = false,
  ): Promise<{ reason: string; code: string } | null> {
    const { token } = await auth.getAccessToken();
    const answer = await doFetch(sendUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (answer.ok) {
      await answer.arrayBuffer();
      return null;
    }
    const parsed = fcmErrorSchema.safeParse(await answer.json().catch(() => null));
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
    return { code, reason: `FCM ${code}${error?.message ? `: ${error.message}` : ''}` };
  }

  return {
    async send(_shop, message, devices) {
      return mapLimit(
        devices,
        options.concurrency ?? 64,
        async (device): Promise<DeviceOutcome> => {
          const failed = await post(messageBody(message, { token: device.token })).catch(
            (error: Error) => ({ code: 'NETWORK', reason: `FCM request failed: ${error.message}` }),
          );
          if (!failed) return { deviceId: device.id, delivered: true };
          return {
            deviceId: device.id,
            delivered: false,
            reason: failed.reason,
            unregistered: failed.code === 'UNREGISTERED',
          };
        },
      );
    },
    async sendToTopic(shop, message) {
      const failed = await post(messageBody(message, { topic: shopTopic(shop) })).catch(
        (error: Error) => ({ code: 'NETWORK', reason: `FCM request failed: ${error.message}` }),
      );
      return failed ? { reason: failed.reason } : null;
    },
  };
}
