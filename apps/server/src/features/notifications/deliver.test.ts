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
import { onDrizzleQuery } from '../../test/statements';
import { updateShop } from '../shop';
import { deliverNotification } from './deliver';
import { claimLease, markSending, recordAnswers } from './delivery-ledger';
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
  answers: Map<
    string,
    Partial<DeviceOutcome> & { throws?: boolean; silent?: boolean; delayMs?: number }
  >;
  /** Tokens in the order their answers came. */
  answered: string[];
  inFlight: number;
  maxInFlight: number;
  /** Runs before each answer (a test takes the lease away here). */
  during?: () => Promise<void>;
}

function channel(lanes?: number): FakeChannel {
  const fake: FakeChannel = {
    sent: [],
    answers: new Map(),
    answered: [],
    inFlight: 0,
    maxInFlight: 0,
    ...(lanes === undefined ? {} : { lanes }),
    async send(pushShop, message, devices) {
      fake.sent.push({ shop: pushShop, message, devices });
      fake.inFlight += 1;
      fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
      const device = devices[0] as PushDevice;
      const answer = fake.answers.get(device.token);
      await new Promise((resolve) => setTimeout(resolve, answer?.delayMs ?? 5));
      fake.inFlight -= 1;
      fake.answered.push(device.token);
      await fake.during?.();
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

  it('goes on with the next batches while a device of an earlier one is still in flight', async () => {
    await devices(
      shop,
      Array.from({ length: 6 }, (_, i) => ({ platform: 'ios' as const, token: `flow-${i}` })),
    );
    ios.answers.set('flow-0', { delayMs: 1500 });
    const id = await notify(shop);
    await deliverNotification(ctx(), id, 2);
    // The other lane took every later batch meanwhile: no batch waited for the one before.
    expect(ios.answered).toEqual(['flow-1', 'flow-2', 'flow-3', 'flow-4', 'flow-5', 'flow-0']);
    expect((await stateOf(id)).ios).toEqual([6, 6, 0]);
  });

  it('moves its cursor only past batches answered in full, in order', async () => {
    const ids = await devices(
      shop,
      Array.from({ length: 6 }, (_, i) => ({ platform: 'ios' as const, token: `order-${i}` })),
    );
    ios.answers.set('order-0', { throws: true, delayMs: 1500 });
    const id = await notify(shop);
    await expect(deliverNotification(ctx(), id, 2)).rejects.toThrow(
      'the provider connection broke',
    );
    // Later batches were all answered, but the first was not: the cursor stays before it.
    expect(ios.answered).toHaveLength(6);
    expect((await findNotification(database.db, id))?.progressDeviceId ?? 0).toBe(0);

    ios.answers.delete('order-0');
    ios.sent = [];
    await deliverNotification(ctx(), id, 2);
    expect(tokensSent(ios)).toEqual(['order-0']);
    expect(await stateOf(id)).toMatchObject({ status: 'sent', ios: [6, 6, 0] });
    // The retry's audience was that device alone (the answered ones are skipped in SQL).
    expect((await findNotification(database.db, id))?.progressDeviceId).toBe(ids[0]);
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

describe('how answers are recorded at scale', () => {
  interface PlanNode {
    'Node Type'?: string;
    'Relation Name'?: string;
    'Index Name'?: string;
    'Index Cond'?: string;
    Plans?: PlanNode[];
  }
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

  async function plan(text: string, params: unknown[]): Promise<PlanNode[]> {
    const sqlText = `explain (format json) ${text}`;
    const result =
      database.kind === 'pglite'
        ? await database.client.query<Record<string, unknown>>(sqlText, params as never[])
        : await database.pool.query(sqlText, params);
    const raw = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return nodes(parsed[0]?.Plan ?? {});
  }

  it('finds each answered device by its id, however many rows the notification already has', async () => {
    // Statistics from many small notifications, then one large send they know nothing of: the
    // planner takes its rows for a few, as it did in the million-device bench. On PostgreSQL 15
    // (CI's server suite) the statement without its id range scanned the whole notification.
    for (let n = 0; n < 100; n++) await notify(otherShop);
    await database.db.execute(sql`
      insert into push_deliveries (notification_id, device_id, platform, state)
      select id, g, 'ios', 'delivered' from push_notifications, generate_series(1, 10) g
      where shop_id = ${otherShop.id}`);
    await database.db.execute(sql`analyze push_deliveries`);
    const id = await notify(shop);
    await database.db.execute(sql`
      insert into push_deliveries (notification_id, device_id, platform, state)
      select ${id}, g, 'ios', 'delivered' from generate_series(1, 20000) g`);
    // A recording transaction's answers: 300 devices the provider took, 20 it refused.
    const answered = Array.from({ length: 320 }, (_, n) => ({
      id: 20001 + n,
      platform: 'ios' as const,
      token: `scale-${n}`,
      tokenHash: `scale-${n}`,
    }));
    const runId = randomUUID();
    expect(await claimLease(database.db, id, runId)).toBe('claimed');
    await markSending(database.db, id, answered);
    const updates: { text: string; params: unknown[] }[] = [];
    onDrizzleQuery(database, (text, params) => {
      if (/^update "push_deliveries"/.test(text)) updates.push({ text, params });
    });
    try {
      const recorded = await recordAnswers(
        database.db,
        id,
        runId,
        answered.map((device, n) => ({
          deviceId: device.id,
          platform: device.platform,
          delivered: n >= 20,
          reason: n >= 20 ? null : 'APNs 400',
          unregistered: false,
        })),
      );
      expect(recorded).toBe(true);
    } finally {
      onDrizzleQuery(database, () => {});
    }
    expect((await stateOf(id)).ios).toEqual([320, 300, 20]);
    // Delivered and failed: both statements, each finding its devices by id.
    expect(updates).toHaveLength(2);
    for (const update of updates) {
      const scans = (await plan(update.text, update.params)).filter(
        (node) => node['Index Name'] || node['Node Type'] === 'Seq Scan',
      );
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans)
        expect(scan['Index Cond'] ?? scan['Node Type']).toMatch(/device_id/);
    }
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
