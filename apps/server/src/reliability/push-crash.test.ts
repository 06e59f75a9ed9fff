import { subscribeMobileOverHttp } from '@popstage/testkit/mobile';
import {
  fakeApnsKey,
  fakeFcmServiceAccount,
  type PushFake,
  startFakeApns,
  startFakeFcm,
} from '@popstage/testkit/push-fakes';
import { shopApi } from '@popstage/testkit/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChildServer,
  childServerSite,
  diesWithin,
  startChildServer,
  stopChildServer,
  waitFor,
} from '../test/child-server';

/**
 * Issue 28: a kill -9 of the worker during an FCM send delivered the push twice to 327 of 1,000
 * devices. Here the real server runs as a child process against the FCM and APNs fakes (their
 * HTTP protocols, a 50 ms round trip so requests are in flight), on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL). One broadcast to 1,000 devices (500 Android, 500 iPhones) is cut short
 * again and again: killed from outside while FCM takes its messages, then killed by each
 * delivery failpoint in turn (after marking, after a provider send, before recording answers,
 * before finishing). After each crash a new process goes on. In the end every device has it,
 * no device has it more often than the crashes allow, duplicates stay within the requests in
 * flight at each crash (with 16 lanes per provider: at most 2 × 32 per crash), and each
 * restart finishes or reaches its next crash within 90 s.
 */
const SHOP = 'demo-store.myshopify.com';
const DEVICES = 1000;
const RESTART_WITHIN_MS = 90_000;
/** Starting the process (tsx, migrations) comes on top; on a loaded machine it takes a minute. */
const STARTUP_MS = 240_000;
/** Requests in flight per provider: a crash resends at most twice the lanes of both. */
const LANES = 16;
const BOUND_PER_CRASH = 2 * 2 * LANES;
/** Each crash of the chain: the failpoint and the hit it fires at. */
const CHAIN = [
  'push.after-mark=crash@4',
  'push.after-send=crash@150',
  'push.before-record=crash@2',
  'push.before-finish=crash',
];
type Kind = 'pglite' | 'postgres';
// Each chain's own tokens: the two chains run at once against the same fakes, and a token both
// registered counted the other chain's deliveries as duplicates (560 and 1,301 of them).
const iosToken = (kind: Kind, n: number) =>
  (n + (kind === 'postgres' ? DEVICES : 0)).toString(16).padStart(64, '0');
const androidToken = (kind: Kind, n: number) => `android-crash-${kind}-${n}`;

const account = fakeFcmServiceAccount('popstage-crash');
const apnsKey = fakeApnsKey();
let fcm: PushFake & { tokenUrl: string };
let apns: PushFake;

beforeAll(async () => {
  fcm = await startFakeFcm({
    projectId: 'popstage-crash',
    clientEmail: account.serviceAccount.client_email,
    publicKey: account.publicKey,
    keep: false,
    latencyMs: 50,
  });
  apns = await startFakeApns({
    ...apnsKey,
    bundlePrefix: 'app.popstage',
    keep: false,
    latencyMs: 50,
  });
});
afterAll(async () => {
  await fcm.close();
  await apns.close();
});

const received = (kind: Kind, n: number) =>
  n % 2 === 0 ? apns.deliveriesTo(iosToken(kind, n)) : fcm.deliveriesTo(androidToken(kind, n));

async function crashChain(kind: Kind) {
  const began = Date.now();
  const step = (what: string) =>
    console.log(`[push crash ${kind}] ${((Date.now() - began) / 1000).toFixed(1)} s: ${what}`);
  const site = await childServerSite('push-crash', kind);
  const { baseUrl, keys } = site;
  const env = {
    ...site.env,
    STOREFRONT_RATE_LIMIT: '1000000',
    DEVICE_REGISTRATIONS_PER_ADDRESS: '100000',
    PUSH_CONCURRENCY: String(LANES),
    FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(account.serviceAccount),
    FCM_API_URL: fcm.url,
    FCM_OAUTH_TOKEN_URL: fcm.tokenUrl,
    APNS_KEY_ID: apnsKey.keyId,
    APNS_TEAM_ID: apnsKey.teamId,
    APNS_PRIVATE_KEY: apnsKey.privateKey,
    APNS_BUNDLE_PREFIX: 'app.popstage',
    APNS_URL: apns.url,
  };
  const api = shopApi({ baseUrl, keys }, SHOP);
  const servers: ChildServer[] = [];
  const start = (failpoints?: string) => {
    const server = startChildServer(failpoints ? { ...env, POPSTAGE_FAILPOINTS: failpoints } : env);
    servers.push(server);
    return server;
  };
  try {
    // The shop, its Mobile Pro add-on and 1,000 devices, through the public API.
    const first = start();
    await site.healthy(STARTUP_MS);
    await subscribeMobileOverHttp(baseUrl, api, SHOP);
    const appId = (await api<{ data: { publicAppId: string } }>('GET', '/api/store/v1/app-config'))
      .data.publicAppId;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < DEVICES) {
          const n = next++;
          const answer = await fetch(`${baseUrl}/mobile/v1/apps/${appId}/devices`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(
              n % 2 === 0
                ? { platform: 'ios', token: iosToken(kind, n) }
                : { platform: 'android', token: androidToken(kind, n) },
            ),
          });
          expect(answer.status, await answer.text()).toBe(200);
        }
      }),
    );
    step('1,000 devices registered');
    // This chain's FCM deliveries (the other chain sends to the same fake at the same time).
    const fcmSent = () =>
      Array.from({ length: DEVICES / 2 }, (_, k) =>
        fcm.deliveriesTo(androidToken(kind, 2 * k + 1)),
      ).reduce((sum, n) => sum + n, 0);
    const { id } = await api<{ id: string }>('POST', '/api/shopify/shop/mobile/notifications', {
      type: 'custom',
      title: `Crash ${kind}`,
      body: 'Once each',
    });

    // kill -9 from outside while FCM takes the send's messages.
    const crashes: { at: string; seconds?: number }[] = [];
    await waitFor(
      'FCM sends under way',
      async () => (fcmSent() >= 100 ? true : undefined),
      RESTART_WITHIN_MS,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    crashes.push({ at: 'kill -9 during FCM sends' });

    // Then each failpoint in turn, a new process each time.
    step('killed during FCM sends');
    for (const point of CHAIN) {
      const server = start(point);
      const started = Date.now();
      await diesWithin(server, STARTUP_MS + RESTART_WITHIN_MS, point);
      expect(server.child.signalCode, point).toBe('SIGKILL');
      crashes.push({
        at: point,
        seconds: (Date.now() - started) / 1000,
      });
      expect(Date.now() - started).toBeLessThan(STARTUP_MS + RESTART_WITHIN_MS);
    }

    // The last process finishes the send within 90 s.
    start();
    const lastStarted = Date.now();
    const item = await waitFor(
      'the notification to be sent',
      async () => {
        const list = await api<{
          data: { items: { id: string; status: string; results: Record<string, unknown> }[] };
        }>('GET', '/api/shopify/shop/mobile/notifications');
        const found = list.data.items.find((each) => each.id === id);
        return found?.status === 'sent' ? found : undefined;
      },
      STARTUP_MS + RESTART_WITHIN_MS,
    );

    console.log(
      `[push crash ${kind}] last run ${(Date.now() - lastStarted) / 1000} s`,
      item.results,
    );
    const counts = Array.from({ length: DEVICES }, (_, n) => received(kind, n));
    const missing = counts.filter((count) => count === 0).length;
    const duplicates = counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0);
    const bound = crashes.length * BOUND_PER_CRASH;
    console.log(
      `[push crash ${kind}] missing ${missing}, duplicates ${duplicates} (bound ${bound}), crashes ${JSON.stringify(crashes)}`,
    );
    expect(missing).toBe(0);
    expect(item.results).toMatchObject({ targeted: DEVICES, delivered: DEVICES, failed: 0 });
    expect(Math.max(...counts)).toBeLessThanOrEqual(1 + crashes.length);
    expect(duplicates).toBeLessThanOrEqual(bound);
  } finally {
    for (const server of servers) await stopChildServer(server);
    await site.remove();
  }
}

describe.concurrent('push delivery killed at every point (FCM and APNs fakes)', () => {
  it(
    'PGlite: 0 missing, duplicates within the requests in flight',
    () => crashChain('pglite'),
    900_000,
  );
  // On PostgreSQL each restart waits for pg-boss to expire the dead worker's job (about a minute
  // a crash): five minutes in all, so CI runs the PGlite chain and `npm run test:crash` this one.
  it.runIf(process.env.TEST_DATABASE_URL && process.env.CRASH_MATRIX === 'full')(
    'PostgreSQL: 0 missing, duplicates within the requests in flight',
    () => crashChain('postgres'),
    900_000,
  );
});
