import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { addStaff, signedIn } from '../../test/operator-console';
import { listBannerRules } from '../banners';
import { listDiscountCodes } from '../billing';
import { findShop } from '../shop';
import { audited, recentAudit } from './audit';

/**
 * A change and its audit-log entry commit together (issue 18 point 3: every change is logged):
 * when the entry cannot be written the change is rolled back, so there is never an unlogged
 * change; when the change fails nothing is logged.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addStaff(t, ['admin']);
  // A trigger the tests switch on to make every audit insert fail, as a full disk or a lost
  // connection would at that moment.
  await t.deps.database.db.execute(
    sql.raw(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$`),
  );
});
afterAll(() => t.close());

const refuseAuditInserts = () =>
  t.deps.database.db.execute(
    sql.raw(`CREATE TRIGGER refuse_audit BEFORE INSERT ON operator_audit_log
      FOR EACH ROW EXECUTE FUNCTION refuse_audit()`),
  );
afterEach(async () => {
  await t.deps.database.db.execute(
    sql.raw('DROP TRIGGER IF EXISTS refuse_audit ON operator_audit_log'),
  );
});

const flags = async () => (await findShop(t.deps.database.db, SHOP_A))?.featureFlags ?? {};
const staffApi = (payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/operator/api/shops/${SHOP_A}/feature-flags`,
    headers: { authorization: `Bearer ${t.deps.config.OPERATOR_API_TOKEN}` },
    payload,
  });

describe('audited changes', () => {
  it('rolls the change back when its audit entry cannot be written', async () => {
    await refuseAuditInserts();
    const failed = await staffApi({ looker_dashboard: true });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('audit log unavailable');
    expect((await flags()).looker_dashboard).not.toBe(true);
    expect(await recentAudit(t.deps.database.db, { target: SHOP_A, limit: 5 })).toEqual([]);
  });

  it('keeps the change with its entry once the log can be written', async () => {
    expect((await staffApi({ looker_dashboard: true })).statusCode).toBe(200);
    expect((await flags()).looker_dashboard).toBe(true);
    const [entry] = await recentAudit(t.deps.database.db, { target: SHOP_A, limit: 5 });
    expect(entry).toMatchObject({
      actor: 'staff-api',
      action: 'shop.feature-flags',
      before: { featureFlags: { looker_dashboard: false } },
      after: { featureFlags: { looker_dashboard: true } },
    });
  });

  it('logs nothing for a change that fails, and leaves what it wrote undone', async () => {
    const before = await recentAudit(t.deps.database.db, { limit: 100 });
    await expect(
      audited(
        t.deps,
        'staff-api',
        { action: 'test.fail', target: 'nothing', read: async () => null },
        async (tx) => {
          await tx.database.db.execute(
            sql`UPDATE shops SET feature_flags = feature_flags || '{"looker_dashboard": false}'::jsonb WHERE shopify_domain = ${SHOP_A}`,
          );
          throw new Error('the change failed half-way');
        },
      ),
    ).rejects.toThrow('the change failed half-way');
    expect((await flags()).looker_dashboard).toBe(true);
    expect(await recentAudit(t.deps.database.db, { limit: 100 })).toEqual(before);
  });

  it('creates no banner rule or discount code from the console without its entry', async () => {
    const admin = await signedIn(t, 'admin');
    await refuseAuditInserts();
    const banner = await admin.post('/operator/banners', {
      rule_name: 'Unlogged',
      is_active: 'on',
      heading_text: 'Never shown',
      render_html: '<p>x</p>',
      render_url: '',
      intent: 'save',
    });
    expect(banner.statusCode).toBe(500);
    expect((await listBannerRules(t.deps)).map((rule) => rule.rule_name)).not.toContain('Unlogged');
    const code = await admin.post('/operator/discount-codes', {
      code: 'UNLOGGED',
      description: '',
      kind: 'percentage',
      value: '10',
      appliesTo: ['popclips'],
      endsAt: '',
      maxRedemptions: '',
    });
    expect(code.statusCode).toBe(500);
    const codes = await listDiscountCodes(t.deps.database.db);
    expect(codes.map((row) => row.code)).not.toContain('UNLOGGED');
  });
});
