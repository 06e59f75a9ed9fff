import { randomUUID } from 'node:crypto';
import type { DevicePlatform } from '@popstage/core/notifications';
import { NOTIFICATION_MESSAGES } from '@popstage/core/notifications';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTokenCipher } from '../../auth/token-cipher';
import type { Database } from '../../db/client';
import { pushDevices, pushNotifications, type ShopRow } from '../../db/schema';
import type { JobContext } from '../../jobs/job';
import type {
  DeviceOutcome,
  PushChannel,
  PushDevice,
  PushMessage,
  PushShop,
} from '../../platform/push/port';
import { insertActiveSubscription } from '../../test/billing';
import { committedCatalogue } from '../../test/catalogue';
import { createTestClock } from '../../test/clock';
import { createTestDatabase } from '../../test/database';
import { insertTestShop } from '../../test/rows';
import { updateShop } from '../shop';
import { deliverNotification } from './deliver';
import { registerDevice } from './device-store';
import { findNotification, insertNotification } from './notification-store';
import { openTokens } from './open-token';

/**
 * deliverNotification against a migrated database and in-memory push channels (no app, no
 * provider fakes over HTTP): who a notification reaches, what each device's payload says, what
 * is recorded and counted, and when nothing may be sent at all. The FCM and APNs adapters are
 * covered by delivery.test.ts; this file is the one mutation testing runs.
 */
const SECRET = 'push-test-app-secret';
const NOW = new Date('2026-06-01T12:00:00Z');
const clock = createTestClock(NOW);
const secrets = createTokenCipher('ab'.repeat(32));
const catalogue = committedCatalogue();
let database: Database;
let shop: ShopRow;
let otherShop: ShopRow;

/** One platform's channel in memory: what it was handed, and what it answers per token. */
interface FakeChannel extends PushChannel {
  sent: { shop: PushShop; message: PushMessage; devices: PushDevice[] }[];
  answers: Map<string, Partial<DeviceOutcome> & { throws?: boolean; silent?: boolean }>;
  inFlight: number;
  maxInFlight: number;
  /** Runs before each answer (a test takes the lease away here). */
  during?: () => Promise<void>;
}

function channel(lanes?: number): FakeChannel {
  const fake: FakeChannel = {
    sent: [],
    answers: new Map(),
    inFlight: 0,
    maxInFlight: 0,
    ...(lanes === undefined ? {} : { lanes }),
    async send(pushShop, message, devices) {
      fake.sent.push({ shop: pushShop, message, devices });
      fake.inFlight += 1;
      fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      fake.inFlight -= 1;
      await fake.during?.();
      const device = devices[0] as PushDevice;
      const answer = fake.answers.get(device.token);
      if (answer?.throws) throw new Error('the provider connection broke');
      if (answer?.silent) return [];
      if (answer?.delivered === false) {
        return [
          {
            deviceId: device.id,
            delivered: false,
            reason: (answer as { reason: string }).reason,
            unregistered: (answer as { unregistered: boolean }).unregistered,
          },
        ];
      }
      return [{ deviceId: device.id, delivered: true }];
    },
  };
  return fake;
}

let ios: FakeChannel;
let android: FakeChannel;
const channels: Partial<Record<DevicePlatform, PushChannel>> = {};

const ctx = () =>
  ({
    database,
    clock,
    catalogue,
    secrets,
    config: { SHOPIFY_API_SECRET: SECRET },
    push: { channels },
  }) as unknown as JobContext;

async function newShop(domain: string, mobileAddon: string | null): Promise<ShopRow> {
  const row = await insertTestShop(database.db, domain);
  if (mobileAddon) {
    await insertActiveSubscription(database.db, {
      shopId: row.id,
      addonIds: [mobileAddon],
      activatedAt: new Date('2026-05-01T00:00:00Z'),
    });
  }
  return row;
}

/** Registers devices of the shop in this order (ids grow with it); answers their ids. */
async function devices(
  owner: ShopRow,
  list: { platform: DevicePlatform; token: string; customer?: string }[],
): Promise<number[]> {
  for (const device of list) {
    await registerDevice(database.db, secrets, owner.id, {
      platform: device.platform,
      token: device.token,
      customerId: device.customer ?? null,
      registeredFrom: '203.0.113.9',
    });
  }
  const rows = await database.db
    .select({ id: pushDevices.id, hash: pushDevices.tokenHash, token: pushDevices.token })
    .from(pushDevices)
    .where(eq(pushDevices.shopId, owner.id))
    .orderBy(pushDevices.id);
  return rows.slice(-list.length).map((row) => row.id);
}

const notify = async (owner: ShopRow, customerIds: string[] | null = null) =>
  (
    await insertNotification(database.db, {
      shopId: owner.id,
      title: 'Sale',
      body: 'Everything half price',
      route: '/collections/sale',
      customerIds,
      scheduledAt: NOW,
    })
  ).id;

const stateOf = async (id: string) => {
  const row = await findNotification(database.db, id);
  if (!row) throw new Error('notification vanished');
  return {
    status: row.status,
    failureReason: row.failureReason,
    sentAt: row.sentAt,
    ios: [row.iosTargeted, row.iosDelivered, row.iosFailed],
    android: [row.androidTargeted, row.androidDelivered, row.androidFailed],
    other: [row.otherTargeted, row.otherDelivered, row.otherFailed],
  };
};

const tokensSent = (fake: FakeChannel) => fake.sent.map((send) => send.devices[0]?.token);

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await newShop('demo-store.myshopify.com', 'addon-mobile-pro');
  otherShop = await newShop('other-store.myshopify.com', 'addon-mobile-pro');
});
beforeEach(async () => {
  ios = channel(2);
  android = channel();
  channels.ios = ios;
  channels.android = android;
  delete channels.sandbox;
  // Each test starts with no devices of its own.
  await database.db.delete(pushDevices);
});
afterAll(() => database?.close());

describe('who a notification reaches', () => {
  it('broadcasts to every device of the shop, never another shop’s, each with its own open token', async () => {
    const ids = await devices(shop, [
      { platform: 'ios', token: 'ios-1', customer: 'c-1' },
      { platform: 'android', token: 'android-1' },
      { platform: 'ios', token: 'ios-2', customer: 'c-2' },
    ]);
    await devices(otherShop, [{ platform: 'ios', token: 'ios-other' }]);
    const id = await notify(shop);
    await deliverNotification(ctx(), id);

    expect(tokensSent(ios).sort()).toEqual(['ios-1', 'ios-2']);
    expect(tokensSent(android)).toEqual(['android-1']);
    const verify = openTokens(SECRET);
    for (const send of [...ios.sent, ...android.sent]) {
      expect(send.shop).toEqual({ id: shop.id, handle: 'demo-store' });
      expect(send.message).toEqual({
        notificationId: id,
        title: 'Sale',
        body: 'Everything half price',
        route: '/collections/sale',
        openToken: expect.any(String),
      });
      // The token opens this notification for this device only.
      const device = send.devices[0] as PushDevice;
      expect(verify.verify(id, send.message.openToken ?? '')).toBe(device.id);
      expect(ids).toContain(device.id);
    }
    expect(await stateOf(id)).toEqual({
      status: 'sent',
      failureReason: null,
      sentAt: NOW,
      ios: [2, 2, 0],
      android: [1, 1, 0],
      other: [0, 0, 0],
    });
  });

  it('sends a targeted notification only to its customers’ devices', async () => {
    await devices(shop, [
      { platform: 'ios', token: 'ios-c1', customer: 'c-1' },
      { platform: 'android', token: 'android-c2', customer: 'c-2' },
      { platform: 'android', token: 'android-anon' },
      { platform: 'ios', token: 'ios-c3', customer: 'c-3' },
    ]);
    await devices(otherShop, [{ platform: 'android', token: 'android-other-c1', customer: 'c-1' }]);
    const id = await notify(shop, ['c-1', 'c-2']);
    await deliverNotification(ctx(), id);
    expect(tokensSent(ios)).toEqual(['ios-c1']);
    expect(tokensSent(android)).toEqual(['android-c2']);
    expect((await stateOf(id)).status).toBe('sent');
  });

  it('goes through every device in batches, each once, starting after the stored cursor', async () => {
    const ids = await devices(
      shop,
      Array.from({ length: 7 }, (_, i) => ({ platform: 'android' as const, token: `a-${i}` })),
    );
    const id = await notify(shop);
    await deliverNotification(ctx(), id, 2);
    expect(tokensSent(android).sort()).toEqual(['a-0', 'a-1', 'a-2', 'a-3', 'a-4', 'a-5', 'a-6']);
    expect((await stateOf(id)).android).toEqual([7, 7, 0]);
    const row = await findNotification(database.db, id);
    expect(row?.progressDeviceId).toBe(ids.at(-1));

    // A run after a crash goes on after the last finished batch.
    android.sent = [];
    const resumed = await notify(shop);
    await database.db
      .update(pushNotifications)
      .set({ progressDeviceId: ids[3] })
      .where(eq(pushNotifications.id, resumed));
    await deliverNotification(ctx(), resumed, 2);
    expect(tokensSent(android)).toEqual(['a-4', 'a-5', 'a-6']);
  });

  it('keeps as many requests in flight as the channel has lanes', async () => {
    await devices(
      shop,
      Array.from({ length: 6 }, (_, i) => ({ platform: 'ios' as const, token: `lane-${i}` })),
    );
    await deliverNotification(ctx(), await notify(shop));
    expect(ios.sent).toHaveLength(6);
    expect(ios.maxInFlight).toBe(2);
  });
});

describe('what is recorded', () => {
  it('counts failures with the first reason, and forgets only the dead tokens', async () => {
    await devices(shop, [
      { platform: 'ios', token: 'ios-ok' },
      { platform: 'ios', token: 'ios-dead' },
      { platform: 'android', token: 'android-busy' },
    ]);
    ios.answers.set('ios-dead', { delivered: false, reason: 'APNs 410', unregistered: true });
    android.answers.set('android-busy', {
      delivered: false,
      reason: 'FCM UNAVAILABLE',
      unregistered: false,
    });
    const id = await notify(shop);
    await deliverNotification(ctx(), id);
    const state = await stateOf(id);
    expect(state).toMatchObject({ status: 'sent', ios: [2, 1, 1], android: [1, 0, 1] });
    expect(['APNs 410', 'FCM UNAVAILABLE']).toContain(state.failureReason);
    const left = await database.db
      .select({ hash: pushDevices.tokenHash })
      .from(pushDevices)
      .where(eq(pushDevices.shopId, shop.id));
    expect(left).toHaveLength(2);
  });

  it('fails a notification no device received', async () => {
    await devices(shop, [{ platform: 'android', token: 'android-gone' }]);
    android.answers.set('android-gone', {
      delivered: false,
      reason: 'FCM UNREGISTERED',
      unregistered: true,
    });
    const id = await notify(shop);
    await deliverNotification(ctx(), id);
    expect(await stateOf(id)).toMatchObject({
      status: 'failed',
      failureReason: 'FCM UNREGISTERED',
      sentAt: null,
      android: [1, 0, 1],
    });
  });

  it('fails the devices of a platform without a channel, or a channel that answers nothing', async () => {
    await devices(shop, [
      { platform: 'sandbox', token: 'sandbox-1' },
      { platform: 'ios', token: 'ios-silent' },
      { platform: 'android', token: 'android-fine' },
    ]);
    ios.answers.set('ios-silent', { silent: true });
    const id = await notify(shop);
    await deliverNotification(ctx(), id);
    const state = await stateOf(id);
    expect(state).toMatchObject({
      status: 'sent',
      other: [1, 0, 1],
      ios: [1, 0, 1],
      android: [1, 1, 0],
    });
    expect(['No push service for sandbox devices', 'No push service for ios devices']).toContain(
      state.failureReason,
    );
    // Neither is a dead token: both devices are kept.
    expect(await database.db.select().from(pushDevices)).toHaveLength(3);
  });
});

describe('when nothing may be sent', () => {
  const refusedWith = async (owner: ShopRow, reason: string) => {
    await devices(owner, [{ platform: 'android', token: `refused-${owner.id}` }]);
    const id = await notify(owner);
    await deliverNotification(ctx(), id);
    expect(android.sent).toEqual([]);
    expect(await stateOf(id)).toMatchObject({ status: 'failed', failureReason: reason });
  };

  it('refuses a shop that uninstalled the app', async () => {
    const gone = await newShop('gone-store.myshopify.com', 'addon-mobile-pro');
    await updateShop(database.db, gone.shopifyDomain, { uninstalledAt: NOW });
    await refusedWith(gone, 'The app is not installed on the store');
  });

  it('refuses a shop whose push is turned off by staff', async () => {
    const off = await newShop('off-store.myshopify.com', 'addon-mobile-pro');
    await updateShop(database.db, off.shopifyDomain, {
      featureFlags: { disable_push_notification: true },
    });
    await refusedWith(off, NOTIFICATION_MESSAGES.pushDisabled);
  });

  it('refuses a shop without a mobile plan', async () => {
    await refusedWith(
      await newShop('free-store.myshopify.com', null),
      'The store has no mobile plan',
    );
    await refusedWith(
      await newShop('popclips-store.myshopify.com', 'addon-popclips-basic'),
      'The store has no mobile plan',
    );
  });

  it('leaves a notification that is no longer pending', async () => {
    await devices(shop, [{ platform: 'android', token: 'android-late' }]);
    const id = await notify(shop);
    await database.db
      .update(pushNotifications)
      .set({ status: 'sent', sentAt: NOW })
      .where(eq(pushNotifications.id, id));
    await deliverNotification(ctx(), id);
    expect(android.sent).toEqual([]);
    await deliverNotification(ctx(), randomUUID());
    expect(android.sent).toEqual([]);
  });
});

describe('one run at a time', () => {
  it('waits for another run’s lease to lapse, then sends', async () => {
    await devices(shop, [{ platform: 'android', token: 'android-wait' }]);
    const id = await notify(shop);
    await database.db
      .update(pushNotifications)
      .set({ runId: randomUUID(), leaseUntil: sql`now() + interval '800 milliseconds'` })
      .where(eq(pushNotifications.id, id));
    await deliverNotification(ctx(), id);
    expect(tokensSent(android)).toEqual(['android-wait']);
    expect((await stateOf(id)).status).toBe('sent');
  });

  it('records nothing and finishes nothing once another run took the notification', async () => {
    await devices(shop, [
      { platform: 'android', token: 'android-taken-1' },
      { platform: 'android', token: 'android-taken-2' },
    ]);
    const id = await notify(shop);
    android.during = async () => {
      await database.db
        .update(pushNotifications)
        .set({ runId: randomUUID() })
        .where(eq(pushNotifications.id, id));
    };
    await deliverNotification(ctx(), id, 1);
    expect(tokensSent(android)).toEqual(['android-taken-1']);
    expect(await stateOf(id)).toMatchObject({ status: 'pending', android: [0, 0, 0] });
  });

  it('lets a retry start at once after a run failed, and resends only what was not answered', async () => {
    await devices(shop, [
      { platform: 'android', token: 'android-first' },
      { platform: 'android', token: 'android-broken' },
    ]);
    android.answers.set('android-broken', { throws: true });
    const id = await notify(shop);
    await expect(deliverNotification(ctx(), id)).rejects.toThrow('the provider connection broke');
    const row = await findNotification(database.db, id);
    expect(row?.leaseUntil).toBeNull();
    expect(row?.status).toBe('pending');

    android.answers.delete('android-broken');
    android.sent = [];
    const started = Date.now();
    await deliverNotification(ctx(), id);
    expect(Date.now() - started).toBeLessThan(900);
    expect(tokensSent(android)).toEqual(['android-broken']);
    expect(await stateOf(id)).toMatchObject({ status: 'sent', android: [2, 2, 0] });
  });
});
