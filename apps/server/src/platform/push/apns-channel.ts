import { type ClientHttp2Session, connect, constants } from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import {
  type DeviceOutcome,
  mapLimit,
  type PushChannel,
  type PushMessage,
  type PushShop,
} from './port';

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
}

/** Apple refuses a provider token older than an hour and one refreshed more than every 20 minutes. */
const TOKEN_TTL_MS = 50 * 60_000;
/** Reasons that mean the token will never work again: the device is forgotten. */
const DEAD_TOKEN = new Set(['Unregistered', 'BadDeviceToken', 'DeviceTokenNotForTopic']);

export const apnsTopic = (bundlePrefix: string, shop: Pick<PushShop, 'handle'>) =>
  `${bundlePrefix}.${shop.handle.replace(/[^A-Za-z0-9-]/g, '-')}`;

const payload = (message: PushMessage) =>
  JSON.stringify({
    aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
    notificationId: message.notificationId,
    ...(message.route ? { route: message.route } : {}),
  });

/**
 * APNs over HTTP/2 with token authentication: an ES256 JWT (jose) signed with the team's key,
 * reused for 50 minutes; one POST /3/device/{token} stream per device on a shared connection.
 * 410 Unregistered and BadDeviceToken unregister the device.
 */
export function createApnsChannel(options: ApnsOptions): PushChannel {
  const now = options.now ?? (() => new Date());
  let session: ClientHttp2Session | null = null;
  let providerToken: { jwt: string; at: number } | null = null;
  // Imported on first use: a bad key fails the sends (with the reason), not the start.
  let key: ReturnType<typeof importPKCS8> | null = null;

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

  function connection(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(options.url);
    opened.on('error', () => opened.destroy());
    opened.on('goaway', () => opened.close());
    session = opened;
    return opened;
  }

  function post(topic: string, token: string, body: string, jwt: string) {
    return new Promise<{ status: number; reason: string | null }>((resolve, reject) => {
      const stream = connection().request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(token)}`,
        authorization: `bearer ${jwt}`,
        'apns-topic': topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'content-type': 'application/json',
      });
      let status = 0;
      const chunks: Buffer[] = [];
      stream.on('response', (headers) => {
        status = Number(headers[constants.HTTP2_HEADER_STATUS]);
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        let reason: string | null = null;
        if (chunks.length > 0) {
          try {
            reason =
              (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reason?: string }).reason ??
              null;
          } catch {
            reason = null;
          }
        }
        resolve({ status, reason });
      });
      stream.on('error', reject);
      stream.end(body);
    });
  }

  return {
    async send(shop, message, devices) {
      const topic = apnsTopic(options.bundlePrefix, shop);
      const body = payload(message);
      return mapLimit(
        devices,
        options.concurrency ?? 200,
        async (device): Promise<DeviceOutcome> => {
          try {
            let answer = await post(topic, device.token, body, await bearer());
            if (answer.status === 403 && answer.reason === 'ExpiredProviderToken') {
              answer = await post(topic, device.token, body, await bearer(true));
            }
            if (answer.status === 200) return { deviceId: device.id, delivered: true };
            const reason = answer.reason ?? `HTTP ${answer.status}`;
            return {
              deviceId: device.id,
              delivered: false,
              reason: `APNs ${answer.status} ${reason}`,
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
        },
      );
    },
    async close() {
      const open = session;
      session = null;
      if (open && !open.closed) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}
