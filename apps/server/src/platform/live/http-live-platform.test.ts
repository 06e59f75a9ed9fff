import { buildSellerPayload } from '@popstage/core/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttp, startFakeHttp } from '../testing/fake-http';
import { createHttpLivePlatform } from './http-live-platform';
import { LivePlatformError } from './port';

let fake: FakeHttp;
beforeAll(async () => {
  fake = await startFakeHttp();
});
afterAll(() => fake.close());

const payload = buildSellerPayload({
  uid: 'abcdefghijklmnopqrstuvwxyz12',
  phoneNumber: '+15551234567',
  email: 'owner@example.com',
  ownerName: 'Ada Lovelace',
  shopifyDomain: 'demo-store.myshopify.com',
  storeName: 'Demo Store',
});
const live = () => createHttpLivePlatform({ baseUrl: `${fake.url}/`, apiKey: 'live-key' });

describe('HTTP live platform', () => {
  it('posts the seller with the API key and idempotency key', async () => {
    fake.respond(201, { sellerId: 's-1', dashboardUrl: 'https://live.example.com/s-1' });
    const seller = await live().createSeller({ idempotencyKey: 'shop:uid', payload });
    expect(seller).toEqual({ sellerId: 's-1', dashboardUrl: 'https://live.example.com/s-1' });
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/sellers');
    expect(request?.headers.authorization).toBe('Bearer live-key');
    expect(request?.headers['idempotency-key']).toBe('shop:uid');
    expect(JSON.parse(request?.body ?? '')).toEqual(payload);
  });

  it('names the conflicting field on 409', async () => {
    fake.respond(409, { code: 'phone_in_use' });
    const error = await live()
      .createSeller({ idempotencyKey: 'k', payload })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LivePlatformError);
    expect((error as LivePlatformError).conflict).toBe('phone');
  });

  it('fails on an error status or an unexpected body', async () => {
    fake.respond(500, {});
    await expect(live().createSeller({ idempotencyKey: 'k', payload })).rejects.toThrow(/500/);
    fake.respond(200, { id: 'x' });
    await expect(live().createSeller({ idempotencyKey: 'k', payload })).rejects.toThrow(
      /unexpected body/,
    );
  });
});
