import { fakeFcmServiceAccount, type PushFake, startFakeFcm } from '@popstage/testkit/push-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFcmChannel } from './fcm-channel';
import type { PushChannel } from './port';

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
});
