import { fakeApnsKey, type PushFake, startFakeApns } from '@popstage/testkit/push-fakes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApnsChannel } from './apns-channel';
import type { PushChannel } from './port';

const key = fakeApnsKey();
let fake: PushFake;
let apns: PushChannel;
const shop = { id: 'shop-id', handle: 'demo-store' };
const message = { notificationId: 'n-1', title: 'Sale', body: 'Today only', route: null };
const token = (n: number) => n.toString(16).padStart(64, 'a');
const device = (id: number, value: string) => ({
  id,
  platform: 'ios' as const,
  token: value,
  tokenHash: `h${id}`,
});

beforeAll(async () => {
  fake = await startFakeApns({ ...key, bundlePrefix: 'app.popstage' });
  apns = createApnsChannel({ ...key, bundlePrefix: 'app.popstage', url: fake.url });
});
afterAll(async () => {
  await apns.close?.();
  await fake.close();
});

/**
 * A channel whose retries wait on a clock of their own: sleeping moves it at once, so a test
 * never waits for real; `slept` lists the waits asked for. Closed after the test.
 */
const opened: PushChannel[] = [];
afterEach(async () => {
  for (const channel of opened.splice(0)) await channel.close?.();
});
function retrying() {
  let at = Date.now();
  const slept: number[] = [];
  const channel = createApnsChannel({
    ...key,
    bundlePrefix: 'app.popstage',
    url: fake.url,
    now: () => new Date(at),
    retry: {
      sleep: async (ms) => {
        slept.push(ms);
        at += ms;
      },
      random: () => 0.5,
    },
  });
  opened.push(channel);
  return { channel, slept };
}
const deliveredTo = (value: string) =>
  fake.delivered.filter((delivery) => delivery.target === value);

describe('APNs HTTP/2 channel', () => {
  it('sends each device an alert with an ES256 provider token, to the shop app topic', async () => {
    const outcomes = await apns.send(shop, message, [device(1, token(1)), device(2, token(2))]);
    expect(outcomes).toEqual([
      { deviceId: 1, delivered: true },
      { deviceId: 2, delivered: true },
    ]);
    // Both streams run at once: either may arrive last.
    const last = fake.delivered.find((delivery) => delivery.target === token(2));
    expect(fake.delivered).toHaveLength(2);
    expect(last).toEqual({
      target: token(2),
      title: 'Sale',
      body: 'Today only',
      data: { notificationId: 'n-1' },
      appTopic: 'app.popstage.demo-store',
    });
  });

  it('unregisters on 410 Unregistered and on BadDeviceToken', async () => {
    fake.unregistered.add(token(3));
    const outcomes = await apns.send(shop, message, [
      device(3, token(3)),
      device(4, 'not-hex'),
      device(5, token(5)),
    ]);
    expect(outcomes).toEqual([
      { deviceId: 3, delivered: false, unregistered: true, reason: 'APNs 410 Unregistered' },
      { deviceId: 4, delivered: false, unregistered: true, reason: 'APNs 400 BadDeviceToken' },
      { deviceId: 5, delivered: true },
    ]);
    // Permanent errors are not retried.
    expect(fake.attempts(token(3))).toBe(1);
    expect(fake.attempts('not-hex')).toBe(1);
  });

  it('is refused with InvalidProviderToken when signed by another key', async () => {
    const other = fakeApnsKey();
    const wrong = createApnsChannel({ ...other, bundlePrefix: 'app.popstage', url: fake.url });
    const [outcome] = await wrong.send(shop, message, [device(6, token(6))]);
    await wrong.close?.();
    expect(outcome).toEqual({
      deviceId: 6,
      delivered: false,
      unregistered: false,
      reason: 'APNs 403 InvalidProviderToken',
    });
  });

  it('retries a 429 TooManyRequests and delivers that device exactly once', async () => {
    const { channel, slept } = retrying();
    fake.refuse({ status: 429, times: 1, target: token(20) });
    const outcomes = await channel.send(shop, message, [
      device(20, token(20)),
      device(21, token(21)),
    ]);
    expect(outcomes).toEqual([
      { deviceId: 20, delivered: true },
      { deviceId: 21, delivered: true },
    ]);
    expect(fake.attempts(token(20))).toBe(2);
    expect(deliveredTo(token(20))).toHaveLength(1);
    expect(fake.attempts(token(21))).toBe(1);
    expect(slept).toEqual([750]);
  });

  it('waits the Retry-After of a 503 ServiceUnavailable before sending again', async () => {
    const { channel, slept } = retrying();
    fake.refuse({ status: 503, times: 1, retryAfter: 12, target: token(22) });
    const [outcome] = await channel.send(shop, message, [device(22, token(22))]);
    expect(outcome).toEqual({ deviceId: 22, delivered: true });
    expect(slept).toEqual([12_000]);
    expect(deliveredTo(token(22))).toHaveLength(1);
  });

  it('fails a device with the reason once the retries give up, and keeps its token', async () => {
    const { channel, slept } = retrying();
    fake.refuse({ status: 503, times: 50, target: token(23) });
    const [outcome] = await channel.send(shop, message, [device(23, token(23))]);
    expect(outcome).toEqual({
      deviceId: 23,
      delivered: false,
      unregistered: false,
      reason: 'APNs 503 ServiceUnavailable (gave up after 5 attempts)',
    });
    expect(fake.attempts(token(23))).toBe(5);
    expect(slept).toEqual([750, 1500, 3000, 6000]);
    expect(deliveredTo(token(23))).toHaveLength(0);
  });

  it('does not retry a 410 Unregistered or a 429 about the provider token', async () => {
    const { channel, slept } = retrying();
    fake.unregistered.add(token(24));
    fake.refuse({
      status: 429,
      times: 1,
      target: token(25),
      reason: 'TooManyProviderTokenUpdates',
    });
    const outcomes = await channel.send(shop, message, [
      device(24, token(24)),
      device(25, token(25)),
    ]);
    expect(outcomes).toEqual([
      { deviceId: 24, delivered: false, unregistered: true, reason: 'APNs 410 Unregistered' },
      {
        deviceId: 25,
        delivered: false,
        unregistered: false,
        reason: 'APNs 429 TooManyProviderTokenUpdates',
      },
    ]);
    expect([fake.attempts(token(24)), fake.attempts(token(25))]).toEqual([1, 1]);
    expect(slept).toEqual([]);
  });
});
