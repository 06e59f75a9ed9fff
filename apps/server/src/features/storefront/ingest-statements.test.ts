import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRow } from '../../db/schema';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { onDrizzleQuery } from '../../test/statements';
import { signedVisitor } from '../../test/visitor';
import { ensureShop } from '../shop';
import { batchWriter, ingestEvents } from './ingest';

/**
 * Issue 29 point 2: a batch made more than ten round trips in three transactions, and every
 * batch of a shop updated the shop's view-limit row (so a shop's batches waited on each other).
 * Now a batch of views, likes, impressions and clicks is two statements (the locks with the
 * lookup of the shop's clips, then the write) in one transaction, and no statement updates a row every batch of the shop
 * shares; batches arriving together share those two statements (group commit).
 */
let t: TestApp;
let shop: ShopRow;
const CLIPS = ['s-1', 's-2', 's-3', 's-4', 's-5', 's-6'];
const statements: string[] = [];
let recording = false;

beforeAll(async () => {
  t = await createTestApp();
  shop = await ensureShop(t.deps, SHOP_A);
  for (const id of CLIPS) {
    await insertProcessedClip(t.deps.database.db, { shopId: shop.id, id, at: t.clock.now() });
  }
  onDrizzleQuery(t.deps.database, (text) => {
    if (recording) statements.push(text);
  });
});
afterAll(() => t.close());

const batch = (visitor: string) =>
  t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${SHOP_A}/events`,
    remoteAddress: '203.0.113.60',
    headers: {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
    },
    payload: {
      visitorId: signedVisitor(SHOP_A, visitor),
      events: CLIPS.flatMap((clipId) => [
        { type: 'impression', clipId },
        { type: 'view', clipId },
        { type: 'like', clipId },
        { type: 'click', clipId, productId: 'gid://shopify/Product/1' },
      ]),
    },
  });

describe('one batch', () => {
  it('is two statements in one transaction, and updates no row shared by the shop', async () => {
    // The shop's view-limit row exists (the job made it), as in steady state.
    expect((await batch('first')).statusCode).toBe(202);
    await t.runJobs();
    recording = true;
    const res = await batch('second');
    recording = false;
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ accepted: 24, deduped: 0, rejected: 0 });
    // The shop's lookup is the storefront route's, made by every storefront call.
    const work = statements.filter(
      (text) => !/^\s*(begin|commit)\b/i.test(text) && !/\sfrom "shops"/.test(text),
    );
    expect(work).toHaveLength(2);
    expect(work.join('\n')).not.toMatch(/update\s+"?popclip_view_limits"?/i);
  });
});

describe('a group of batches', () => {
  it('is the same two statements in one transaction, however many batches it holds', async () => {
    const store = batchWriter(t.deps.database);
    const events = CLIPS.flatMap((clipId) => [
      { type: 'impression' as const, clipId },
      { type: 'view' as const, clipId },
      { type: 'like' as const, clipId },
    ]);
    statements.length = 0;
    recording = true;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ingestEvents(
          t.deps,
          store,
          shop,
          { visitorId: `grouped-${i}`, events },
          { ip: `203.0.113.${100 + i}`, userAgent: 'Mozilla/5.0 Safari/604.1' },
        ),
      ),
    );
    recording = false;
    expect(answers).toEqual(Array(12).fill({ accepted: 18, deduped: 0, rejected: 0 }));
    const work = statements.filter((text) => !/^\s*(begin|commit)\b/i.test(text));
    expect(work).toHaveLength(2);
  });
});
