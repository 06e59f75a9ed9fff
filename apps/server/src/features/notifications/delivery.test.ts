import {
  fakeApnsKey,
  fakeFcmServiceAccount,
  type PushFake,
  startFakeApns,
  startFakeFcm,
} from '@popstage/testkit/push-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDevices } from '../../db/schema';
import { createQueue } from '../../jobs/queue';
import { startWorkers } from '../../jobs/workers';
import { createPushSender } from '../../platform/push/from-config';
import { call, createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { composeNotification, customerAccessToken, subscribeMobile } from '../../test/mobile';
import { deliverPushJob } from './deliver-job';

/**
 * Delivery through FCM HTTP v1 and APNs (their local fakes): the shop topic for a broadcast,
 * tokens for the rest, dead tokens (FCM UNREGISTERED, APNs 410) forgetting their device, a
 * scheduled job run once by two workers started after a restart, and refusals for now (429, 503)
 * retried before a device counts as failed.
 */
const account = fakeFcmServiceAccount('popstage-test');
const apnsKey = fakeApnsKey();
let fcm: PushFake;
let apns: PushFake;
let t: TestApp;
let appId: string;
const LIST = '/api/shopify/shop/mobile/notifications';
const iosToken = (n: number) => n.toString(16).padStart(64, '0');

beforeAll(async () => {
  const fakeFcm = await startFakeFcm({
    projectId: 'popstage-test',
    clientEmail: account.serviceAccount.client_email,
    publicKey: account.publicKey,
  });
  fcm = fakeFcm;
  apns = await startFakeApns({ ...apnsKey, bundlePrefix: 'app.popstage' });
  t = await createTestApp({
    FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(account.serviceAccount),
    FCM_API_URL: fakeFcm.url,
    FCM_OAUTH_TOKEN_URL: fakeFcm.tokenUrl,
    APNS_KEY_ID: apnsKey.keyId,
    APNS_TEAM_ID: apnsKey.teamId,
    APNS_PRIVATE_KEY: apnsKey.privateKey,
    APNS_BUNDLE_PREFIX: 'app.popstage',
    APNS_URL: apns.url,
  });
  await subscribeMobile(t, SHOP_A, 'addon-mobile-pro');
  appId = (await call(t, SHOP_A, 'GET', '/api/store/v1/app-config')).json().data.publicAppId;
});
afterAll(async () => {
  await t.close();
  await t.deps.push.close();
  await fcm.close();
  await apns.close();
});

/** Customers c-1 and c-2 are the sandbox's shopper1 and shopper2, signed in on the device. */
const CUSTOMER: Record<string, number> = { 'c-1': 1, 'c-2': 2 };
const register = async (platform: string, token: string, customer?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/mobile/v1/apps/${appId}/devices`,
    payload: {
      platform,
      token,
      ...(customer
        ? { customerAccessToken: await customerAccessToken(t, SHOP_A, CUSTOMER[customer] ?? 0) }
        : {}),
    },
  });
const firstItem = async () =>
  (await call(t, SHOP_A, 'GET', LIST)).json().data.items[0] as {
    id: string;
    status: string;
    results: Record<string, unknown>;
    failureReason: string | null;
  };
const deviceCount = async () => (await t.deps.database.db.select().from(pushDevices)).length;

describe('FCM and APNs delivery', () => {
  it('broadcasts by token to every device, each payload with its own open token; a 410 forgets the iPhone', async () => {
    await register('android', 'android-alive', 'c-1');
    await register('android', 'android-dead', 'c-2');
    await register('ios', iosToken(1), 'c-1');
    await register('ios', iosToken(2), 'c-2');
    apns.unregistered.add(iosToken(2));
    const sent = await composeNotification(t, SHOP_A, {
      title: 'Hello',
      body: 'All',
      route: '/collections/sale',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.runJobs();
    const item = await firstItem();
    expect(item.status).toBe('sent');
    expect(item.results).toMatchObject({
      targeted: 4,
      delivered: 3,
      failed: 1,
      android: { targeted: 2, delivered: 2, failed: 0 },
      ios: { targeted: 2, delivered: 1, failed: 1 },
    });
    expect(item.failureReason).toBe('APNs 410 Unregistered');
    const byTarget = [...fcm.delivered].sort((a, b) => a.target.localeCompare(b.target));
    expect(
      byTarget.map((delivery) => [delivery.target, delivery.title, delivery.data.route]),
    ).toEqual([
      ['android-alive', 'Hello', '/collections/sale'],
      ['android-dead', 'Hello', '/collections/sale'],
    ]);
    const openTokens = new Set(
      [...fcm.delivered, ...apns.delivered].map((delivery) => delivery.data.openToken),
    );
    expect(openTokens.size).toBe(3);
    expect(apns.delivered.map((delivery) => [delivery.target, delivery.appTopic])).toEqual([
      [iosToken(1), 'app.popstage.demo-store'],
    ]);
    expect(await deviceCount()).toBe(3);
  });

  it('sends a targeted notification by token; UNREGISTERED forgets the Android device', async () => {
    fcm.unregistered.add('android-dead');
    // The list is newest first: this one goes a minute after the broadcast.
    t.clock.advance(60_000);
    const sent = await composeNotification(t, SHOP_A, {
      title: 'Yours',
      customerIds: ['gid://shopify/Customer/2'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.runJobs();
    const item = await firstItem();
    // The only device of c-2 is dead: the send failed, and says why.
    expect(item).toMatchObject({
      status: 'failed',
      failureReason: 'FCM UNREGISTERED: Requested entity was not found.',
      results: expect.objectContaining({ targeted: 1, delivered: 0, failed: 1 }),
    });
    expect(await deviceCount()).toBe(2);
  });

  it('runs a scheduled notification once with two workers started after a restart', async () => {
    const at = new Date(Math.ceil((t.clock.now().getTime() + 5 * 60_000) / 300_000) * 300_000);
    const sent = await composeNotification(t, SHOP_A, {
      title: 'Twice?',
      sentAt: at.toISOString(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().id as string;
    // The app's own queue is left; two fresh queues (two worker processes) take over.
    const workers = [
      createQueue(t.deps.database, { supervise: false }),
      createQueue(t.deps.database, { supervise: false }),
    ];
    try {
      for (const queue of workers) {
        await queue.start();
        await startWorkers(queue, t.deps, [deliverPushJob]);
      }
      await t.deps.database.db.execute(
        sql`update pgboss.job set start_after = now() where id = ${id}`,
      );
      const guard = Date.now() + 30_000;
      while ((await firstItem()).status === 'pending' && Date.now() < guard) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      for (const queue of workers) await queue.stop({ graceful: true, close: false });
    }
    expect(await firstItem()).toMatchObject({ id, status: 'sent' });
    const ofThis = (fake: PushFake) =>
      fake.delivered.filter((delivery) => delivery.data.notificationId === id);
    expect(ofThis(fcm)).toHaveLength(1);
    expect(ofThis(apns)).toHaveLength(1);
  }, 60_000);

  it('retries 429 and 503 before counting a device failed, with the reason', async () => {
    // The app's push sender again, with retries that wait on nothing (the waits are listed).
    const slept: number[] = [];
    const original = t.deps.push;
    t.deps.push = createPushSender(t.deps.config, t.deps.database.db, t.clock, {
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    try {
      // c-1 has an iPhone (APNs: too many requests once, come back in 30 s) and an Android
      // phone (FCM: unavailable for longer than the retries last).
      apns.refuse({ status: 429, times: 1, retryAfter: 30, target: iosToken(1) });
      fcm.refuse({ status: 503, times: 50, target: 'android-alive' });
      const sent = await composeNotification(t, SHOP_A, {
        title: 'Retried',
        customerIds: ['gid://shopify/Customer/1'],
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const before = await deviceCount();
      const tried = () => [apns.attempts(iosToken(1)), fcm.attempts('android-alive')];
      const triedBefore = tried();
      await t.runJobs();
      // The scheduled notification of the test before is later: find this one by id.
      const items = (await call(t, SHOP_A, 'GET', LIST)).json().data.items as Awaited<
        ReturnType<typeof firstItem>
      >[];
      const item = items.find((each) => each.id === sent.json().id);
      expect(item).toMatchObject({
        status: 'sent',
        failureReason:
          'FCM UNAVAILABLE: The service is currently unavailable. (gave up after 5 attempts)',
        results: expect.objectContaining({
          targeted: 2,
          delivered: 1,
          failed: 1,
          android: { targeted: 1, delivered: 0, failed: 1 },
          ios: { targeted: 1, delivered: 1, failed: 0 },
        }),
      });
      // The iPhone got it once, after the Retry-After; the Android phone is kept.
      const ofThis = (fake: PushFake) =>
        fake.delivered.filter((delivery) => delivery.data.notificationId === item?.id);
      expect(ofThis(apns)).toHaveLength(1);
      expect(ofThis(fcm)).toHaveLength(0);
      expect(slept).toContain(30_000);
      expect(slept).toHaveLength(1 + 4);
      // Two requests for the iPhone, five (the limit) for the Android phone.
      expect(tried().map((count, index) => count - (triedBefore[index] ?? 0))).toEqual([2, 5]);
      expect(await deviceCount()).toBe(before);
    } finally {
      await t.deps.push.close();
      t.deps.push = original;
    }
  });
});
