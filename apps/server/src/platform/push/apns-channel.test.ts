import { fakeApnsKey, type PushFake, startFakeApns } from '@popstage/testkit/push-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
