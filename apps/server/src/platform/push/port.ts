import type { DevicePlatform } from '@popstage/core/notifications';

/**
 * PushSender: delivers a notification to the branded app's devices. Adapters: the sandbox push
 * service (the local Shopify's app preview phone polls its inbox), Firebase Cloud Messaging
 * HTTP v1 (Android) and APNs over HTTP/2 (iOS), routed by each device's platform.
 */
export interface PushMessage {
  notificationId: string;
  title: string;
  body: string;
  /** Deep-link path (/products/{handle}...), or null: the app opens on its home screen. */
  route: string | null;
  /** The device's open token (one device per send): the app reports an open with it. */
  openToken?: string;
}

/** The shop a send is for: FCM topics and APNs bundle ids are per shop's app. */
export interface PushShop {
  id: string;
  handle: string;
}

export interface PushDevice {
  id: number;
  platform: DevicePlatform;
  /** The device token, decrypted for the send. */
  token: string;
  tokenHash: string;
}

/** One device's result: delivered, or why not (and whether the token is dead for good). */
export type DeviceOutcome =
  | { deviceId: number; delivered: true }
  | { deviceId: number; delivered: false; reason: string; unregistered: boolean };

/** One platform's delivery service. */
export interface PushChannel {
  send(shop: PushShop, message: PushMessage, devices: PushDevice[]): Promise<DeviceOutcome[]>;
  /** Requests the channel takes in flight at once (the delivery window's lanes). */
  lanes?: number;
  /** Sends once to every device subscribed to the shop's topic (FCM only); absent elsewhere. */
  sendToTopic?(shop: PushShop, message: PushMessage): Promise<{ reason: string } | null>;
  close?(): Promise<void>;
}

export interface PushSender {
  /** The channel of each platform; a platform without one cannot be delivered to. */
  channels: Partial<Record<DevicePlatform, PushChannel>>;
  close(): Promise<void>;
}

/** The FCM topic a shop's Android app subscribes to for broadcasts. */
export const shopTopic = (shop: Pick<PushShop, 'id'>) => `shop-${shop.id}`;

/** Runs `work` over items with at most `limit` in flight, keeping results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * Requests each provider's channel (FCM, APNs) keeps in flight unless configured
 * (`PUSH_CONCURRENCY`). A 1,000,000-device send in 10 minutes over a 100 ms round trip needs over
 * 170 at once in all; 192 a provider grew the server 9-26 MB for 100,000 sends, where 256 + 500
 * grew it 52-96 MB: a request outlives the young generation's scavenges, so each one in flight is
 * promoted. With one window over the whole audience (send-window.ts) a measured 1,000,000-device
 * send takes 359 s at 192 (docs/decisions.md, issue 29, the ninth session).
 */
export const DEFAULT_PUSH_LANES = 192;
