import { fakeFcmServiceAccount, type PushFake, startFakeFcm } from '@popstage/testkit/push-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFcmChannel } from './fcm-channel';
import type { PushChannel } from './port';
import type { PushRetryOptions } from './retry';

const account = fakeFcmServiceAccount('popstage-test');
let fake: PushFake & { tokenUrl: string; tokensIssued(): number };
let fcm: PushChannel;
const shop = { id: '7d0c4a5e-1f1b-4a44-9f0e-2c9b3f0d6a11', handle: 'demo-store' };
const message = {
  notificationId: 'n-1',
  title: 'Sale',
  body: 'Today only',
  route: '/products/tee',
};
const device = (id: number, token: string) => ({
  id,
  platform: 'android' as const,
  token,
  tokenHash: `h${id}`,
});

beforeAll(async () => {
  fake = await startFakeFcm({
    projectId: 'popstage-test',
    clientEmail: account.serviceAccount.client_email,
    publicKey: account.publicKey,
  });
  fcm = createFcmChannel({
    serviceAccount: account.serviceAccount,
    apiUrl: fake.url,
    tokenUrl: fake.tokenUrl,
  });
});
afterAll(() => fake.close());

/**
 * A channel whose retries wait on a clock of their own: sleeping moves it at once, so a test
 * never waits for real; `slept` lists the waits asked for.
 */
function retrying(policy: PushRetryOptions = {}) {
  let at = Date.now();
  const slept: number[] = [];
  const channel = createFcmChannel({
    serviceAccount: account.serviceAccount,
    apiUrl: fake.url,
    tokenUrl: fake.tokenUrl,
    retry: {
      now: () => at,
      sleep: async (ms) => {
        slept.push(ms);
        at += ms;
      },
      random: () => 0.5,
      ...policy,
    },
  });
  return { channel, slept };
}
const deliveredTo = (token: string) =>
  fake.delivered.filter((delivery) => delivery.target === token);

describe('FCM HTTP v1 channel', () => {
  it('gets an OAuth token with the service account once and sends to each token', async () => {
    const outcomes = await fcm.send(shop, message, [
      device(1, 'token-one'),
      device(2, 'token-two'),
    ]);
    expect(outcomes).toEqual([
      { deviceId: 1, delivered: true },
      { deviceId: 2, delivered: true },
    ]);
    expect(fake.tokensIssued()).toBe(1);
    // Sent at once: in either order.
    const sorted = [...fake.delivered].sort((a, b) => a.target.localeCompare(b.target));
    expect(sorted).toEqual([
      {
        target: 'token-one',
        title: 'Sale',
        body: 'Today only',
        data: { notificationId: 'n-1', route: '/products/tee' },
      },
      {
        target: 'token-two',
        title: 'Sale',
        body: 'Today only',
        data: { notificationId: 'n-1', route: '/products/tee' },
      },
    ]);
  });

  it('broadcasts to the shop topic in one message', async () => {
    expect(await fcm.sendToTopic?.(shop, { ...message, route: null })).toBeNull();
    expect(fake.delivered.at(-1)).toMatchObject({
      target: `/topics/shop-${shop.id}`,
      data: { notificationId: 'n-1' },
    });
  });

  it('reports UNREGISTERED as a dead token and leaves the other devices delivered', async () => {
    fake.unregistered.add('gone');
    const outcomes = await fcm.send(shop, message, [device(3, 'gone'), device(4, 'alive')]);
    expect(outcomes[0]).toEqual({
      deviceId: 3,
      delivered: false,
      unregistered: true,
      reason: 'FCM UNREGISTERED: Requested entity was not found.',
    });
    expect(outcomes[1]).toEqual({ deviceId: 4, delivered: true });
  });

  it('fails every send with the reason when the service account is not accepted', async () => {
    const other = fakeFcmServiceAccount('popstage-test');
    const wrong = createFcmChannel({
      serviceAccount: other.serviceAccount,
      apiUrl: fake.url,
      tokenUrl: fake.tokenUrl,
    });
    const [outcome] = await wrong.send(shop, message, [device(5, 'token-five')]);
    expect(outcome).toMatchObject({ deviceId: 5, delivered: false, unregistered: false });
    expect(outcome?.delivered === false && outcome.reason).toContain('FCM request failed');
  });

  it('retries a 429 QUOTA_EXCEEDED and delivers that device exactly once', async () => {
    const { channel, slept } = retrying();
    fake.refuse({ status: 429, times: 1, target: 'busy-1' });
    const outcomes = await channel.send(shop, message, [
      device(10, 'busy-1'),
      device(11, 'calm-1'),
    ]);
    expect(outcomes).toEqual([
      { deviceId: 10, delivered: true },
      { deviceId: 11, delivered: true },
    ]);
    expect(fake.attempts('busy-1')).toBe(2);
    expect(deliveredTo('busy-1')).toHaveLength(1);
    expect(fake.attempts('calm-1')).toBe(1);
    expect(deliveredTo('calm-1')).toHaveLength(1);
    // The first backoff: 1 s with jitter (between half and all of it).
    expect(slept).toEqual([750]);
  });

  it('waits the Retry-After of a 503 UNAVAILABLE before sending again', async () => {
    const { channel, slept } = retrying();
    fake.refuse({ status: 503, times: 2, retryAfter: 7, target: 'busy-2' });
    const [outcome] = await channel.send(shop, message, [device(12, 'busy-2')]);
    expect(outcome).toEqual({ deviceId: 12, delivered: true });
    expect(slept).toEqual([7000, 7000]);
    expect(fake.attempts('busy-2')).toBe(3);
    expect(deliveredTo('busy-2')).toHaveLength(1);
  });

  it('fails a device with the reason once the retries give up, and keeps its token', async () => {
    const { channel, slept } = retrying();
    fake.refuse({ status: 500, times: 50, target: 'down' });
    const [outcome] = await channel.send(shop, message, [device(13, 'down')]);
    expect(outcome).toEqual({
      deviceId: 13,
      delivered: false,
      unregistered: false,
      reason: 'FCM INTERNAL: Internal error encountered. (gave up after 5 attempts)',
    });
    expect(fake.attempts('down')).toBe(5);
    expect(slept).toEqual([750, 1500, 3000, 6000]);
    expect(deliveredTo('down')).toHaveLength(0);
  });

  it('gives up at once on a Retry-After past the send window', async () => {
    const { channel, slept } = retrying({ windowMs: 60_000 });
    fake.refuse({ status: 429, times: 1, retryAfter: 3600, target: 'later' });
    const [outcome] = await channel.send(shop, message, [device(14, 'later')]);
    expect(outcome).toMatchObject({
      delivered: false,
      reason: 'FCM QUOTA_EXCEEDED: Quota exceeded. (gave up after 1 attempt)',
    });
    expect(slept).toEqual([]);
    expect(fake.attempts('later')).toBe(1);
  });

  it('does not retry a permanent error (UNREGISTERED)', async () => {
    const { channel, slept } = retrying();
    fake.unregistered.add('gone-2');
    const [outcome] = await channel.send(shop, message, [device(15, 'gone-2')]);
    expect(outcome).toMatchObject({ delivered: false, unregistered: true });
    expect(fake.attempts('gone-2')).toBe(1);
    expect(slept).toEqual([]);
  });

  it('retries the topic broadcast the same way', async () => {
    const { channel, slept } = retrying();
    const topicShop = { id: 'retry-shop', handle: 'retry-store' };
    fake.refuse({ status: 503, times: 1, retryAfter: 2, target: '/topics/shop-retry-shop' });
    expect(await channel.sendToTopic?.(topicShop, message)).toBeNull();
    expect(slept).toEqual([2000]);
    expect(fake.attempts('/topics/shop-retry-shop')).toBe(2);
    expect(deliveredTo('/topics/shop-retry-shop')).toHaveLength(1);
  });
});
