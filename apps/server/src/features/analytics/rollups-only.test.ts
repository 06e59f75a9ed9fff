import { addDays, localDay } from '@popstage/core/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRow } from '../../db/schema';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { onDrizzleQuery } from '../../test/statements';
import { signedVisitor } from '../../test/visitor';
import { ensureShop } from '../shop';
import { runRollups } from './rollup-job';

/**
 * Issue 29: every dashboard answer reads pre-aggregated rollups, never raw events, at request
 * time. Each statement a dashboard request sends is EXPLAINed on the database the suite runs on
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL) and no plan may touch storefront_events or one
 * of its monthly partitions, even with fresh events the job has not rolled up yet.
 */
let t: TestApp;
let shop: ShopRow;
const statements: { text: string; params: unknown[] }[] = [];
let recording = false;

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function relations(node: PlanNode, into: Set<string>): Set<string> {
  if (node['Relation Name']) into.add(node['Relation Name']);
  for (const child of node.Plans ?? []) relations(child, into);
  return into;
}

async function explain(text: string, params: unknown[]): Promise<Set<string>> {
  const sql = `explain (format json) ${text}`;
  const database = t.deps.database;
  const result =
    database.kind === 'pglite'
      ? await database.client.query<Record<string, unknown>>(sql, params as never[])
      : await database.pool.query(sql, params);
  const [row] = result.rows as Record<string, unknown>[];
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return relations(plan[0]?.Plan ?? {}, new Set());
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await ensureShop(t.deps, SHOP_A);
  for (const id of ['explained-1', 'explained-2']) {
    await insertProcessedClip(t.deps.database.db, { shopId: shop.id, id, at: t.clock.now() });
  }
  const ingest = (visitor: string) =>
    t.app.inject({
      method: 'POST',
      url: `/storefront/v1/shops/${SHOP_A}/events`,
      payload: {
        visitorId: signedVisitor(SHOP_A, visitor),
        events: [
          { type: 'impression', clipId: 'explained-1' },
          { type: 'view', clipId: 'explained-1' },
          { type: 'click', clipId: 'explained-2', productId: 'gid://shopify/Product/1' },
        ],
      },
    });
  for (let i = 0; i < 5; i++) expect((await ingest(`rolled-${i}`)).statusCode).toBe(202);
  await runRollups(t.deps);
  // Left for the job: a dashboard that aggregated pending events at request time would show.
  for (let i = 0; i < 5; i++) expect((await ingest(`pending-${i}`)).statusCode).toBe(202);
  onDrizzleQuery(t.deps.database, (text, params) => {
    if (recording) statements.push({ text, params });
  });
});
afterAll(() => t.close());

describe('Insights reads rollups only', () => {
  it('no dashboard query plan scans storefront_events or its partitions', async () => {
    const to = localDay(t.clock.now(), 'UTC');
    const from = addDays(to, -29);
    const calls = [
      'popclips-summary',
      'popclips-summary?compare=true&window=30',
      'popclips-weekly',
      'popclips-weekly?compare=true&window=1',
      'popclips-monthly',
      'popclips-daily',
      'popclips-stats',
      'popclips-stats?searchValue=explained&compare=true',
      'carousels-stats',
      'popclips/explained-1',
      'popclips/explained-1?window=30&compare=true',
    ];
    recording = true;
    for (const call of calls) {
      const [path, query = ''] = call.split('?');
      const res = await t.app.inject({
        method: 'GET',
        url: `/dashboard/${path}?shop_id=${SHOP_A}&from=${from}&to=${to}&${query}`,
        headers: await t.auth(SHOP_A),
      });
      expect(res.statusCode, `${call}: ${res.body}`).toBe(200);
    }
    recording = false;

    const read = new Set<string>();
    for (const { text, params } of statements) {
      if (/^\s*(begin|commit|rollback|savepoint|release|set )/i.test(text)) continue;
      const touched = await explain(text, params);
      for (const name of touched) read.add(name);
      const events = [...touched].filter((name) => name.startsWith('storefront_events'));
      expect(events, text).toEqual([]);
    }
    // The answers did read the rollups (the check above is not vacuous).
    expect(read).toContain('analytics_clip_daily');
    expect(read).toContain('analytics_sales_daily');
  });
});
