import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSellerPayload } from '@popstage/core/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestClock } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { probe } from '../media';
import { LivePlatformError } from './port';
import { createSandboxLivePlatform, findSandboxSeller } from './sandbox-live-platform';
import { endShow, goLive } from './sandbox-live-shows';

let database: Database;
let replayDir = '';
const clock = createTestClock(new Date('2026-11-25T10:00:00Z'));
beforeAll(async () => {
  database = await createTestDatabase();
  replayDir = mkdtempSync(path.join(tmpdir(), 'popstage-replays-'));
});
afterAll(async () => {
  await database.close();
  rmSync(replayDir, { recursive: true, force: true });
});
const platform = () =>
  createSandboxLivePlatform(database.db, { baseUrl: 'http://localhost:3000', replayDir, clock });

describe('sandbox live platform', () => {
  it('creates one seller per idempotency key, with a dashboard under /sandbox/live', async () => {
    const live = platform();
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

describe('sandbox live shows', () => {
  it('schedules, goes live, ends with a test-pattern replay kept 3 months', async () => {
    const live = platform();
    const payload = buildSellerPayload({
      uid: 'zyxwvutsrqponmlkjihgfedcba12',
      phoneNumber: '+15551234568',
      email: 'seller@example.com',
      ownerName: 'Bo',
      shopifyDomain: 'other-store.myshopify.com',
      storeName: 'Other Store',
    });
    const { sellerId } = await live.createSeller({ idempotencyKey: 'shows', payload });
    const show = await live.scheduleShow(sellerId, {
      title: 'Winter drop',
      startsAt: '2026-11-26T18:00:00.000Z',
      productIds: ['gid://shopify/Product/1'],
    });
    expect(show).toMatchObject({ title: 'Winter drop', status: 'scheduled', replay: null });
    await expect(live.openReplay(sellerId, show.id)).rejects.toThrow(LivePlatformError);

    expect(await goLive(database.db, sellerId, show.id, clock.now())).toBe(true);
    expect((await live.listShows(sellerId))[0]?.status).toBe('live');
    clock.advance(12_000);
    expect(await endShow(database.db, sellerId, show.id, clock.now(), replayDir)).toBe(true);
    const [ended] = await live.listShows(sellerId);
    expect(ended).toMatchObject({
      status: 'ended',
      replay: { durationSeconds: 12, expiresAt: '2027-02-25T10:00:12.000Z' },
    });
    const media = await probe(path.join(replayDir, `${show.id}.mp4`));
    expect(media.durationSeconds).toBeCloseTo(12, 0);
    const replay = await live.openReplay(sellerId, show.id);
    const chunks: Buffer[] = [];
    for await (const chunk of replay) chunks.push(chunk as Buffer);
    // An MP4 (ISO BMFF) file starts with its ftyp box.
    expect(Buffer.concat(chunks).subarray(4, 8).toString()).toBe('ftyp');

    // Past three months the replay is gone from the list and cannot be opened.
    clock.set(new Date('2027-02-26T00:00:00Z'));
    expect((await live.listShows(sellerId))[0]?.replay).toBeNull();
    await expect(live.openReplay(sellerId, show.id)).rejects.toThrow(LivePlatformError);
    await expect(live.listShows('seller_unknown')).rejects.toThrow(LivePlatformError);
  }, 60_000);
});
