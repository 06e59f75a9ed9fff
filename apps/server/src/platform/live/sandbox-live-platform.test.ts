import { buildSellerPayload } from '@popstage/core/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { createSandboxLivePlatform, findSandboxSeller } from './sandbox-live-platform';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('sandbox live platform', () => {
  it('creates one seller per idempotency key, with a dashboard under /sandbox/live', async () => {
    const live = createSandboxLivePlatform(database.db, { baseUrl: 'http://localhost:3000' });
    const payload = buildSellerPayload({
      uid: 'abcdefghijklmnopqrstuvwxyz12',
      phoneNumber: '+15551234567',
      email: 'owner@example.com',
      ownerName: 'Ada',
      shopifyDomain: 'demo-store.myshopify.com',
      storeName: 'Demo Store',
    });
    const first = await live.createSeller({ idempotencyKey: 'k1', payload });
    // A retry after a lost answer: the same seller, not a second one.
    expect(await live.createSeller({ idempotencyKey: 'k1', payload })).toEqual(first);
    expect(first.dashboardUrl).toBe(`http://localhost:3000/sandbox/live/${first.sellerId}`);
    expect((await live.createSeller({ idempotencyKey: 'k2', payload })).sellerId).not.toBe(
      first.sellerId,
    );
    expect((await findSandboxSeller(database.db, first.sellerId))?.payload).toEqual(payload);
  });
});
