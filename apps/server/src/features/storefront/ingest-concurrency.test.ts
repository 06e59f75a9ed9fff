import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { csUpload } from '../../test/popclips';
import { signedVisitor } from '../../test/visitor';

let t: TestApp;
let clipId: string;

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '1000' });
  clipId = (await csUpload(t, SHOP_A, { size: 1000 })).clip.metaIdentifier as string;
  await t.deps.database.db.execute(sql`update popclips set status = 'processed'`);
});
afterAll(() => t.close());

const send = (visitorId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${SHOP_A}/events`,
    payload: { visitorId: signedVisitor(SHOP_A, visitorId), events: [{ type: 'view', clipId }] },
  });

const storedViews = async (visitorId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.deps.database.db,
        sql`select count(*)::int as n from storefront_events
            where type = 'view' and visitor_id = ${visitorId}`,
      )
    )[0]?.n,
  );

describe('concurrent batches of one visitor', () => {
  // On PostgreSQL the batches really run in parallel (a pool); on PGlite they queue anyway.
  it('count a view once, however many arrive at the same moment', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => send('v-burst')));
    const accepted = answers.map((answer) => answer.json().accepted as number);
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    expect(accepted.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await storedViews('v-burst')).toBe(1);
  });

  it('leave other visitors independent', async () => {
    const answers = await Promise.all(['v-x', 'v-y', 'v-z'].map(send));
    expect(answers.map((answer) => answer.json().accepted)).toEqual([1, 1, 1]);
  });
});
