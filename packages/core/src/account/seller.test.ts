import { describe, expect, it } from 'vitest';
import { buildSellerPayload, sellerIdentity, sellerPayloadSchema } from './seller';

const UID = 'Xy7pQ2rT9vLm3nB8kD4sF6hJ1wZ0';

describe('seller payload', () => {
  it('derives username (8) and bio (6) from the uid', () => {
    expect(sellerIdentity(UID)).toEqual({ username: 'Xy7pQ2rT', bio: 'Xy7pQ2' });
  });

  it('builds a payload the schema accepts', () => {
    const payload = buildSellerPayload({
      uid: UID,
      phoneNumber: '+15551234567',
      email: 'merchant@example.com',
      ownerName: 'Ada  Lovelace King',
      shopifyDomain: 'demo-store.myshopify.com',
      storeName: 'Demo Store',
    });
    expect(payload).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace King',
      username: 'Xy7pQ2rT',
      bio: 'Xy7pQ2',
      store: { storeName: 'Demo Store', sellerAddress: { primaryPhone: '+15551234567' } },
    });
    expect(sellerPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('refuses a username or bio not derived from the uid, and a bad phone or e-mail', () => {
    const payload = buildSellerPayload({
      uid: UID,
      phoneNumber: '+15551234567',
      email: 'merchant@example.com',
      ownerName: 'Ada',
      shopifyDomain: 'demo-store.myshopify.com',
      storeName: 'Demo Store',
    });
    const paths = (value: unknown) =>
      sellerPayloadSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ ...payload, username: 'someone' })).toEqual(['username']);
    expect(paths({ ...payload, bio: 'hello!' })).toEqual(['bio']);
    expect(paths({ ...payload, phoneNumber: '5551234567' })).toEqual(['phoneNumber']);
    expect(paths({ ...payload, email: 'nope' })).toEqual(['email']);
  });
});
