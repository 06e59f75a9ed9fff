import { NOTIFICATION_MESSAGES as M } from '@popstage/core/notifications';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDevices, pushNotifications, shops } from '../../db/schema';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { composeNotification, customerAccessToken, subscribeMobile } from '../../test/mobile';
import { deliverNotification } from './deliver';

/**
 * Push notifications through the API (spec 03 §7): gating, validation with the spec's messages,
 * scheduling, delivery to the sandbox push service, results and opens, paging, deletion, and
 * tenancy (shop B never lists, deletes or opens shop A's notifications).
 */
let t: TestApp;
const LIST = '/api/shopify/shop/mobile/notifications';

beforeAll(async () => {
  t = await createTestApp();
  await subscribeMobile(t, SHOP_A, 'addon-mobile-pro');
  await subscribeMobile(t, SHOP_B, 'addon-mobile-basic');
});
afterAll(() => t.close());

const post = (shop: string, body: object) => call(t, shop, 'POST', LIST, body);
const list = async (shop: string, cursor?: string) => {
  const answer = await call(t, shop, 'GET', `${LIST}?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as {
    items: {
      id: string;
      title: string;
      status: string;
      sentAt: string | null;
      results: Record<string, unknown>;
      failureReason: string | null;
    }[];
    hasPreviousPage: boolean;
    hasNextPage: boolean;
    cursor: { previous: string | null; next: string | null };
  };
};
const appId = async (shop: string) =>
  (await call(t, shop, 'GET', '/api/store/v1/app-config')).json().data.publicAppId as string;
/** A device, signed in as sandbox customer `customer` (shopper{n}) when given. */
const register = async (id: string, platform: string, token: string, customer?: number) =>
  t.app.inject({
    method: 'POST',
    url: `/mobile/v1/apps/${id}/devices`,
    payload: {
      platform,
      token,
      ...(customer ? { customerAccessToken: await customerAccessToken(t, SHOP_A, customer) } : {}),
    },
  });
const inbox = (id: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/mobile/v1/apps/${id}/sandbox-inbox`, payload: { token } });
/** The next 5-minute mark at least `minutes` ahead of the test clock. */
const slot = (minutes: number) => {
  const at = t.clock.now().getTime() + minutes * 60_000;
  return new Date(Math.ceil(at / 300_000) * 300_000).toISOString();
};
const makeDue = (id: string) =>
  t.deps.database.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}`);
const clear = () => t.deps.database.db.delete(pushNotifications);

describe('gating', () => {
  it('answers Access Denied without the mobile feature', async () => {
    const other = await createTestApp();
    try {
      const answer = await other.asShop(SHOP_A, 'POST', LIST, {
        type: 'custom',
        title: 't',
        body: 'b',
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Access Denied');
    } finally {
      await other.close();
    }
  });

  it('refuses to compose while disable_push_notification is on, and sends nothing queued', async () => {
    const queued = await composeNotification(t, SHOP_A, { title: 'Queued', sentAt: slot(5) });
    expect(queued.statusCode, queued.body).toBe(200);
    const db = t.deps.database.db;
    await db
      .update(shops)
      .set({ featureFlags: { disable_push_notification: true } })
      .where(eq(shops.shopifyDomain, SHOP_A));
    try {
      const refused = await composeNotification(t, SHOP_A, { title: 't' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(M.pushDisabled);
      await makeDue(queued.json().id);
      await t.runJobs();
      const [row] = (await list(SHOP_A)).items;
      expect(row).toMatchObject({ status: 'failed', failureReason: M.pushDisabled, sentAt: null });
    } finally {
      await db.update(shops).set({ featureFlags: {} }).where(eq(shops.shopifyDomain, SHOP_A));
      await clear();
    }
  });
});

describe('validation (spec 03 §5), nothing stored on a refusal', () => {
  it.each([
    [{ title: ' ', body: 'b' }, M.required],
    [{ title: 't', body: '' }, M.required],
    [{ title: 'x'.repeat(51), body: 'b' }, 'Maximum 50 characters'],
    [{ title: 't', body: 'x'.repeat(151) }, 'Maximum 150 characters'],
    [
      { title: 't', body: 'b', route: '/pages/about' },
      'Choose a collection, a product or a Popclip',
    ],
  ])('%j: %s', async (fields, message) => {
    const answer = await post(SHOP_A, { type: 'custom', ...fields });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect((await list(SHOP_A)).items).toEqual([]);
  });

  it('needs a scheduled time 4 minutes ahead, on the 5-minute grid, within a month', async () => {
    const now = t.clock.now().getTime();
    const tooSoon = new Date(Math.floor((now + 3 * 60_000) / 60_000) * 60_000);
    const cases: [string, string][] = [
      [new Date(Math.floor(now / 300_000) * 300_000 - 300_000).toISOString(), M.leadTime],
      [
        new Date(Math.ceil((now + 10 * 60_000) / 300_000) * 300_000 + 60_000).toISOString(),
        M.offGrid,
      ],
      [
        new Date(Math.ceil((now + 40 * 86_400_000) / 300_000) * 300_000).toISOString(),
        M.outOfRange,
      ],
    ];
    if (tooSoon.getUTCMinutes() % 5 === 0) cases.push([tooSoon.toISOString(), M.leadTime]);
    for (const [sentAt, message] of cases) {
      const answer = await composeNotification(t, SHOP_A, { title: 't', sentAt });
      expect(answer.statusCode, sentAt).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    expect((await list(SHOP_A)).items).toEqual([]);
  });
});

describe('sending', () => {
  it('sends at once to every device and counts results per platform; the sandbox phone gets it', async () => {
    const id = await appId(SHOP_A);
    for (const [platform, token] of [
      ['sandbox', 'sandbox-phone-1'],
      ['ios', 'ios-token-1'],
      ['android', 'android-token-1'],
    ]) {
      expect((await register(id, platform as string, token as string)).statusCode).toBe(200);
    }
    // Tokens are stored encrypted.
    const stored = await t.deps.database.db.select().from(pushDevices);
    expect(stored.map((row) => row.token).every((token) => token.startsWith('enc:v1:'))).toBe(true);

    const sent = await composeNotification(t, SHOP_A, {
      title: 'Big "sale"',
      body: 'Today',
      route: '/products/tee',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ title: "Big 'sale'", body: 'Today', sentAt: null });
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const [item] = (await list(SHOP_A)).items;
    expect(item).toMatchObject({ status: 'sent', failureReason: null });
    expect(item?.sentAt).not.toBeNull();
    expect(item?.results).toEqual({
      targeted: 3,
      delivered: 3,
      failed: 0,
      opened: 0,
      ios: { targeted: 1, delivered: 1, failed: 0 },
      android: { targeted: 1, delivered: 1, failed: 0 },
    });
    const received = (await inbox(id, 'sandbox-phone-1')).json().items;
    expect(received).toEqual([
      expect.objectContaining({
        notificationId: item?.id,
        title: "Big 'sale'",
        body: 'Today',
        route: '/products/tee',
      }),
    ]);

    // Opens count once per device, with the open token its payload carried; another shop's
    // device or app, or another device's token, cannot report one.
    const openToken = received[0]?.openToken as string;
    expect(openToken).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
    const open = (app: string, token: string, withToken = openToken) =>
      t.app.inject({
        method: 'POST',
        url: `/mobile/v1/apps/${app}/notifications/${item?.id}/opened`,
        payload: { token, openToken: withToken },
      });
    expect((await open(id, 'sandbox-phone-1')).statusCode).toBe(200);
    expect((await open(id, 'sandbox-phone-1')).statusCode).toBe(200);
    expect((await open(id, 'ios-token-1')).statusCode).toBe(404);
    const otherApp = await appId(SHOP_B);
    expect((await register(otherApp, 'sandbox', 'shop-b-phone')).statusCode).toBe(200);
    expect((await open(otherApp, 'shop-b-phone')).statusCode).toBe(404);
    expect((await open(id, 'shop-b-phone')).statusCode).toBe(404);
    expect((await list(SHOP_A)).items[0]?.results.opened).toBe(1);
    // Shop B's phone received nothing of shop A's, and shop B lists nothing.
    expect((await inbox(otherApp, 'shop-b-phone')).json().items).toEqual([]);
    expect((await list(SHOP_B)).items).toEqual([]);

    // A sent notification cannot be deleted.
    const refused = await call(t, SHOP_A, 'DELETE', `${LIST}/${item?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.sentNotDeletable);
  });

  it('sends a targeted notification only to the customers named', async () => {
    await clear();
    const id = await appId(SHOP_A);
    await register(id, 'sandbox', 'customer-7-phone', 3);
    const sent = await composeNotification(t, SHOP_A, {
      title: 'For you',
      customerIds: ['gid://shopify/Customer/3'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.runJobs();
    expect((await list(SHOP_A)).items[0]?.results).toMatchObject({ targeted: 1, delivered: 1 });
    expect(
      (await inbox(id, 'customer-7-phone'))
        .json()
        .items.map((item: { title: string }) => item.title),
    ).toEqual(['For you']);
    expect(
      (await inbox(id, 'sandbox-phone-1'))
        .json()
        .items.map((item: { title: string }) => item.title),
    ).not.toContain('For you');
  });

  it('schedules: pending until its minute, then sent once; a pending one can be deleted, not by another shop', async () => {
    await clear();
    const scheduled = await composeNotification(t, SHOP_A, { title: 'Later', sentAt: slot(5) });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const other = await composeNotification(t, SHOP_A, { title: 'Delete me', sentAt: slot(10) });
    expect(await t.runJobs()).toBe(0);
    expect((await list(SHOP_A)).items.map((item) => [item.title, item.status])).toEqual([
      ['Delete me', 'pending'],
      ['Later', 'pending'],
    ]);
    await makeDue(scheduled.json().id);
    expect(await t.runJobs()).toBe(1);
    expect(await t.runJobs()).toBe(0);
    expect((await list(SHOP_A)).items.map((item) => item.status)).toEqual(['pending', 'sent']);

    const otherId = other.json().id as string;
    expect((await call(t, SHOP_B, 'DELETE', `${LIST}/${otherId}`)).statusCode).toBe(404);
    const deleted = await call(t, SHOP_A, 'DELETE', `${LIST}/${otherId}`);
    expect(deleted.statusCode).toBe(200);
    expect((await list(SHOP_A)).items.map((item) => item.title)).toEqual(['Later']);
    // Its job is gone with it.
    await makeDue(otherId);
    expect(await t.runJobs()).toBe(0);
  });
});

describe('paging', () => {
  it('pages 10 at a time with next and previous cursors', async () => {
    await clear();
    for (let n = 0; n < 12; n++) {
      expect(
        (await composeNotification(t, SHOP_A, { title: `N${n}`, sentAt: slot(5 + 5 * n) }))
          .statusCode,
      ).toBe(200);
    }
    const first = await list(SHOP_A);
    expect(first.items.map((item) => item.title)).toEqual([
      'N11',
      'N10',
      'N9',
      'N8',
      'N7',
      'N6',
      'N5',
      'N4',
      'N3',
      'N2',
    ]);
    expect([first.hasPreviousPage, first.hasNextPage, first.cursor.previous]).toEqual([
      false,
      true,
      null,
    ]);
    const second = await list(SHOP_A, first.cursor.next ?? '');
    expect(second.items.map((item) => item.title)).toEqual(['N1', 'N0']);
    expect([second.hasPreviousPage, second.hasNextPage]).toEqual([true, false]);
    const back = await list(SHOP_A, second.cursor.previous ?? '');
    expect(back.items.map((item) => item.title)).toEqual(first.items.map((item) => item.title));
    expect(back.hasPreviousPage).toBe(false);
    expect((await call(t, SHOP_A, 'GET', `${LIST}?cursor=nonsense`)).statusCode).toBe(400);
    expect((await list(SHOP_B)).items).toEqual([]);
  });
});

describe('a delivery cut short', () => {
  it('a run that fails mid-send is retried at once and resends only what was not answered', async () => {
    await clear();
    const db = t.deps.database.db;
    const id = await appId(SHOP_A);
    await db.delete(pushDevices);
    for (let n = 0; n < 5; n++) await register(id, 'sandbox', `retry-phone-${n}`);
    const sent = await composeNotification(t, SHOP_A, { title: 'Once' });
    const notificationId = sent.json().id as string;
    const sandbox = t.deps.push.channels.sandbox;
    if (!sandbox) throw new Error('sandbox channel expected');
    let calls = 0;
    const crashing = {
      ...t.deps,
      push: {
        ...t.deps.push,
        channels: {
          sandbox: {
            send: async (...args: Parameters<typeof sandbox.send>) => {
              calls += 1;
              if (calls === 2) throw new Error('worker killed');
              return sandbox.send(...args);
            },
          },
        },
      },
    };
    await expect(deliverNotification(crashing, notificationId, 2)).rejects.toThrow('worker killed');
    await deliverNotification(t.deps, notificationId, 2);
    for (let n = 0; n < 5; n++) {
      const items = (await inbox(id, `retry-phone-${n}`))
        .json()
        .items.filter((item: { notificationId: string }) => item.notificationId === notificationId);
      expect(items, `retry-phone-${n}`).toHaveLength(1);
    }
    expect((await list(SHOP_A)).items[0]).toMatchObject({
      status: 'sent',
      results: expect.objectContaining({ targeted: 5, delivered: 5 }),
    });
    // Run again (a duplicate job): a sent notification is left alone.
    await deliverNotification(t.deps, notificationId, 2);
    expect(
      (await inbox(id, 'retry-phone-0'))
        .json()
        .items.filter((item: { notificationId: string }) => item.notificationId === notificationId),
    ).toHaveLength(1);
  });
});

describe('opens (issue 28: forged opens)', () => {
  it('count only devices the notification was delivered to, with their own open token', async () => {
    await clear();
    const db = t.deps.database.db;
    await db.delete(pushDevices);
    const id = await appId(SHOP_A);
    for (let n = 0; n < 3; n++) await register(id, 'sandbox', `honest-phone-${n}`);
    const sent = await composeNotification(t, SHOP_A, { title: 'Opened?' });
    const notificationId = sent.json().id as string;
    await t.runJobs();
    const tokenOf = async (device: string) =>
      (
        (await inbox(id, device)).json().items as { notificationId: string; openToken: string }[]
      ).find((item) => item.notificationId === notificationId)?.openToken ?? '';
    const honest = await tokenOf('honest-phone-0');
    const open = (device: string, openToken: string, notification = notificationId) =>
      t.app.inject({
        method: 'POST',
        url: `/mobile/v1/apps/${id}/notifications/${notification}/opened`,
        payload: { token: device, openToken },
      });
    // 50 devices registered after the send report opens: with a copied token, a forged one,
    // or the device id of a real recipient with a made-up MAC.
    const stolenId = honest.split('.')[0];
    for (let n = 0; n < 50; n++) {
      const device = `late-phone-${n}`;
      await register(id, 'sandbox', device);
      const forged = [honest, `${stolenId}.${'A'.repeat(22)}`, 'nonsense'][n % 3] as string;
      expect((await open(device, forged)).statusCode).toBe(404);
    }
    expect((await open('honest-phone-0', honest)).statusCode).toBe(200);
    expect((await open('honest-phone-1', await tokenOf('honest-phone-1'))).statusCode).toBe(200);
    expect((await list(SHOP_A)).items[0]?.results).toMatchObject({ delivered: 3, opened: 2 });

    // A scheduled notification not sent yet: no device holds its token, nothing counts.
    const later = await composeNotification(t, SHOP_A, { title: 'Later', sentAt: slot(5) });
    const laterId = later.json().id as string;
    expect((await open('honest-phone-0', honest, laterId)).statusCode).toBe(404);
    const [row] = await db
      .select()
      .from(pushNotifications)
      .where(eq(pushNotifications.id, laterId));
    expect(row?.opened).toBe(0);
  });
});

describe('stranger device registration (issue 28)', () => {
  it("a stranger claiming a customer's id gets broadcasts only, never that customer's push", async () => {
    await clear();
    const db = t.deps.database.db;
    await db.delete(pushDevices);
    const id = await appId(SHOP_A);
    const victim = 'gid://shopify/Customer/1';
    // The customer's own phone, signed in through the app's customer login.
    await register(id, 'sandbox', 'victim-phone', 1);
    // Strangers: the bare id, a forged token, and another customer's token with the victim's id.
    const claim = (token: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/mobile/v1/apps/${id}/devices`,
        payload: { platform: 'sandbox', token, ...payload },
      });
    const bare = await claim('stranger-phone-1', { customerId: victim });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().customerId).toBeNull();
    const forged = await claim('stranger-phone-2', {
      customerId: victim,
      customerAccessToken: 'eyJzaG9wIjoiZGVtby1zdG9yZSJ9.forged',
    });
    expect(forged.statusCode).toBe(401);
    const other = await claim('stranger-phone-3', {
      customerId: victim,
      customerAccessToken: await customerAccessToken(t, SHOP_A, 2),
    });
    expect(other.statusCode).toBe(403);
    // Another shop's customer token proves nothing here.
    const otherShop = await claim('stranger-phone-4', {
      customerAccessToken: await customerAccessToken(t, SHOP_B, 1),
    });
    expect(otherShop.statusCode).toBe(401);
    // Refused registrations stored nothing.
    expect((await db.select().from(pushDevices)).map((row) => row.customerId).sort()).toEqual([
      victim,
      null,
    ]);

    const sent = await composeNotification(t, SHOP_A, {
      title: 'Your order',
      customerIds: [victim],
    });
    await t.runJobs();
    const got = async (device: string) =>
      (await inbox(id, device))
        .json()
        .items.filter((item: { notificationId: string }) => item.notificationId === sent.json().id)
        .length;
    expect(await got('victim-phone')).toBe(1);
    expect(await got('stranger-phone-1')).toBe(0);
    // Broadcasts still reach the unproven device.
    const broadcast = await composeNotification(t, SHOP_A, { title: 'Sale' });
    await t.runJobs();
    expect(
      (await inbox(id, 'stranger-phone-1'))
        .json()
        .items.map((item: { notificationId: string }) => item.notificationId),
    ).toContain(broadcast.json().id);
  });

  it('bounds new devices per address (IPv6 by /64) and per app; refreshing a token is never refused', async () => {
    const db = t.deps.database.db;
    await db.delete(pushDevices);
    const id = await appId(SHOP_A);
    const from = (token: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/mobile/v1/apps/${id}/devices`,
        payload: { platform: 'sandbox', token },
        remoteAddress,
      });
    const limit = t.deps.config.DEVICE_REGISTRATIONS_PER_ADDRESS;
    // One /64: every address in it counts as one.
    for (let n = 0; n < limit; n++) {
      expect(
        (await from(`v6-phone-${n}`, `2001:db8:1:2::${(n + 1).toString(16)}`)).statusCode,
      ).toBe(200);
    }
    const refused = await from('v6-phone-more', '2001:db8:1:2:ffff::9');
    expect(refused.statusCode).toBe(429);
    expect(await from('v6-phone-0', '2001:db8:1:2::1')).toHaveProperty('statusCode', 200);
    // The next /64 is another subscriber.
    expect((await from('v6-neighbour', '2001:db8:1:3::1')).statusCode).toBe(200);
    expect(await db.select().from(pushDevices)).toHaveLength(limit + 1);
    // Per app: Mobile Pro's 10,000 downloads allow 20,000 devices.
    const shopId = (await db.select().from(pushDevices))[0]?.shopId;
    await db.execute(
      sql`insert into push_devices (shop_id, platform, token_hash, token) select ${shopId}, 'sandbox', 'bulk-' || g, 'x' from generate_series(1, ${20_000 - (limit + 1)}) g`,
    );
    const full = await from('one-too-many', '198.51.100.7');
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toBe(
      "This app has registered as many devices as its plan's downloads allow",
    );
    expect((await from('v6-neighbour', '2001:db8:1:3::1')).statusCode).toBe(200);
    await db.delete(pushDevices);
  });
});

describe('device API', () => {
  it('registers, refreshes and unregisters; unknown apps and bad tokens are refused', async () => {
    const id = await appId(SHOP_A);
    expect((await register(id, 'ios', 'x')).statusCode).toBe(400);
    expect((await register(id, 'windows', 'long-enough-token')).statusCode).toBe(400);
    expect(
      (await register('7d0c4a5e-1f1b-4a44-9f0e-2c9b3f0d6a11', 'ios', 'long-enough-token'))
        .statusCode,
    ).toBe(404);
    const answer = await register(id, 'android', 'device-token-42', 1);
    expect(answer.json()).toMatchObject({
      topic: expect.stringMatching(/^shop-[0-9a-f-]{36}$/),
      customerId: 'gid://shopify/Customer/1',
    });
    await register(id, 'android', 'device-token-42', 2);
    const db = t.deps.database.db;
    const c2 = 'gid://shopify/Customer/2';
    const rows = await db.select().from(pushDevices).where(eq(pushDevices.customerId, c2));
    expect(rows).toHaveLength(1);
    const gone = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/apps/${id}/devices/unregister`,
      payload: { token: 'device-token-42' },
    });
    expect(gone.statusCode).toBe(200);
    expect(await db.select().from(pushDevices).where(eq(pushDevices.customerId, c2))).toEqual([]);
  });
});
