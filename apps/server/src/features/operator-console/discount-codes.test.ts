import { CONSOLE_MESSAGES } from '@popstage/core/operator-console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addStaff, signedIn } from '../../test/operator-console';
import { listDiscountCodes } from '../billing';
import { recentAudit } from '../operator';

/**
 * The console's Discount codes section (issue 18 point 3): everyone reads the codes, only admins
 * create and end them, and each change is in the audit log with the code's terms before and after.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-25T10:00:00Z'));
  await addStaff(t, ['viewer', 'support', 'admin']);
});
afterAll(() => t.close());

const PAGE = '/operator/discount-codes';
const SPRING = {
  code: 'spring25',
  description: 'Spring sale',
  kind: 'percentage',
  value: '25',
  appliesTo: ['popclips', 'live'],
  endsAt: '2027-03-31',
  maxRedemptions: '100',
};
const stored = async (code: string) =>
  (await listDiscountCodes(t.deps.database.db)).find((c) => c.code === code);
const auditOf = (code: string) => recentAudit(t.deps.database.db, { target: code, limit: 10 });

describe('discount codes in the operator console', () => {
  it('shows viewer and support the codes without the forms, and refuses their changes', async () => {
    const seeded = await stored('WELCOME20');
    expect(seeded?.endsAt).toBeNull();
    for (const role of ['viewer', 'support']) {
      const staff = await signedIn(t, role);
      const page = await staff.get(PAGE);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<code>WELCOME20</code>');
      expect(page.body).not.toContain(`action="${PAGE}"`);
      expect(page.body).not.toContain('End now');

      const create = await staff.post(PAGE, SPRING);
      expect(create.statusCode).toBe(403);
      expect(create.body).toContain(CONSOLE_MESSAGES.forbidden);
      const end = await staff.post(`${PAGE}/WELCOME20/end`, {});
      expect(end.statusCode).toBe(403);
    }
    expect(await stored('SPRING25')).toBeUndefined();
    expect((await stored('WELCOME20'))?.endsAt).toBeNull();
    expect(await auditOf('SPRING25')).toEqual([]);
    expect(await auditOf('WELCOME20')).toEqual([]);
  });

  it('lets an admin create a code, logged with nothing before and its terms after', async () => {
    const admin = await signedIn(t, 'admin');
    expect((await admin.get(PAGE)).body).toContain(`action="${PAGE}"`);
    const created = await admin.post(PAGE, SPRING);
    expect(created.statusCode, created.body).toBe(303);
    expect(created.headers.location).toBe(PAGE);
    expect(await stored('SPRING25')).toMatchObject({
      description: 'Spring sale',
      kind: 'percentage',
      appliesTo: ['popclips', 'live'],
      startsAt: t.clock.now(),
      endsAt: new Date('2027-03-31T23:59:59Z'),
      maxRedemptions: 100,
    });
    const terms = {
      code: 'SPRING25',
      kind: 'percentage',
      appliesTo: ['popclips', 'live'],
      endsAt: '2027-03-31T23:59:59.000Z',
      maxRedemptions: 100,
    };
    expect(await auditOf('SPRING25')).toEqual([
      expect.objectContaining({
        actor: 'admin@popstage.app',
        action: 'discount-code.create',
        before: null,
        after: expect.objectContaining(terms),
      }),
    ]);
    const [entry] = await auditOf('SPRING25');
    expect(Number((entry?.after as { value?: string } | undefined)?.value)).toBe(25);
    expect(Number((await stored('SPRING25'))?.value)).toBe(25);
    // The same code again changes nothing and logs nothing.
    const again = await admin.post(PAGE, { ...SPRING, value: '50' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(CONSOLE_MESSAGES.codeTaken);
    expect(Number((await stored('SPRING25'))?.value)).toBe(25);
    expect(await auditOf('SPRING25')).toHaveLength(1);
    // A bad form is refused before anything is stored.
    const bad = await admin.post(PAGE, { ...SPRING, code: 'NEW1', appliesTo: [] });
    expect(bad.statusCode).toBe(400);
    expect(await stored('NEW1')).toBeUndefined();
  });

  it('lets an admin end a code now, logged with its end before and after', async () => {
    const admin = await signedIn(t, 'admin');
    t.clock.advance(60_000);
    const ended = await admin.post(`${PAGE}/SPRING25/end`, {});
    expect(ended.statusCode).toBe(303);
    expect((await stored('SPRING25'))?.endsAt).toEqual(t.clock.now());
    const [entry] = await auditOf('SPRING25');
    expect(entry).toMatchObject({
      actor: 'admin@popstage.app',
      action: 'discount-code.end',
      before: { code: 'SPRING25', endsAt: '2027-03-31T23:59:59.000Z' },
      after: { code: 'SPRING25', endsAt: t.clock.now().toISOString() },
    });
    // An ended code offers no End button; an unknown code is 404 and logs nothing.
    expect((await admin.get(PAGE)).body).not.toContain(`action="${PAGE}/SPRING25/end"`);
    const unknown = await admin.post(`${PAGE}/NOSUCHCODE/end`, {});
    expect(unknown.statusCode).toBe(404);
    expect(await auditOf('NOSUCHCODE')).toEqual([]);
  });
});
