import { CONSOLE_MESSAGES } from '@popstage/core/operator-console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { addStaff, STAFF_PASSWORD, signedIn, signIn } from '../../test/operator-console';
import { recentAudit } from '../operator';
import { SESSION_TTL_MS } from './sessions';
import { createFirstAdmin } from './staff';
import { allOperators, findOperatorByEmail } from './store';

/**
 * Staff accounts and their sessions (issue 18 point 3): the one-time first admin of
 * `npm run operator:create`, sessions that end when an admin disables a member or changes their
 * role, and a session lifetime that holds however active the member is.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Whether the browser's session still opens a page (a dead one is sent to sign-in). */
const opens = async (staff: { get(url: string): Promise<{ statusCode: number }> }) =>
  (await staff.get('/operator')).statusCode === 200;

const idOf = async (email: string) => (await findOperatorByEmail(t.deps.database.db, email))?.id;

describe('npm run operator:create', () => {
  it('creates the first admin, logged as the CLI, and refuses once an admin exists', async () => {
    const admin = await createFirstAdmin(t.deps, {
      email: 'Admin@Popstage.app',
      password: STAFF_PASSWORD,
    });
    expect(admin).toMatchObject({ email: 'admin@popstage.app', role: 'admin' });
    expect(await recentAudit(t.deps.database.db, { target: admin.email, limit: 5 })).toEqual([
      expect.objectContaining({ actor: 'cli', action: 'staff.create', before: null }),
    ]);

    await expect(
      createFirstAdmin(t.deps, { email: 'second@popstage.app', password: STAFF_PASSWORD }),
    ).rejects.toThrow(CONSOLE_MESSAGES.adminExists);
    expect((await allOperators(t.deps.database.db)).map((row) => row.email)).toEqual([
      'admin@popstage.app',
    ]);
    expect(
      await recentAudit(t.deps.database.db, { target: 'second@popstage.app', limit: 5 }),
    ).toEqual([]);
    await addStaff(t, ['viewer', 'support']);
  });
});

describe('sessions', () => {
  it('ends every session of a member an admin disables; they cannot sign in again', async () => {
    const onPhone = await signedIn(t, 'viewer');
    const onLaptop = await signedIn(t, 'viewer');
    const admin = await signedIn(t, 'admin');
    const saved = await admin.post(`/operator/staff/${await idOf('viewer@popstage.app')}`, {
      role: 'viewer',
      disabled: 'on',
    });
    expect(saved.statusCode).toBe(303);
    expect(await opens(onPhone)).toBe(false);
    expect(await opens(onLaptop)).toBe(false);
    expect(await opens(admin)).toBe(true);
    const again = await signIn(t, 'viewer@popstage.app');
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain(CONSOLE_MESSAGES.signInFailed);
    // Sign-ins and failures are logged too, all at the test clock's one instant.
    const entries = await recentAudit(t.deps.database.db, {
      target: 'viewer@popstage.app',
      limit: 10,
    });
    expect(entries).toContainEqual(expect.objectContaining({ action: 'staff.sign-in-failed' }));
    expect(entries).toContainEqual(
      expect.objectContaining({
        actor: 'admin@popstage.app',
        action: 'staff.update',
        before: expect.objectContaining({ role: 'viewer', disabled: false }),
        after: expect.objectContaining({ role: 'viewer', disabled: true }),
      }),
    );
  });

  it('ends the sessions of a member whose role changes; saving the same role keeps them', async () => {
    const support = await signedIn(t, 'support');
    const admin = await signedIn(t, 'admin');
    const path = `/operator/staff/${await idOf('support@popstage.app')}`;
    expect((await admin.post(path, { role: 'support' })).statusCode).toBe(303);
    expect(await opens(support)).toBe(true);

    expect((await admin.post(path, { role: 'viewer' })).statusCode).toBe(303);
    expect(await opens(support)).toBe(false);
    // Signed in again, they have the new role's rights only.
    const demoted = await signedIn(t, 'support');
    const flags = await demoted.post(`/operator/shops/${SHOP_A}/feature-flags`, {
      flags: 'looker_dashboard',
    });
    expect(flags.statusCode).toBe(403);
    expect(
      await recentAudit(t.deps.database.db, { target: 'support@popstage.app', limit: 10 }),
    ).toContainEqual(
      expect.objectContaining({
        action: 'staff.update',
        before: expect.objectContaining({ role: 'support' }),
        after: expect.objectContaining({ role: 'viewer' }),
      }),
    );
  });

  it('lasts its lifetime (12 hours) however active, then sends the member to sign in', async () => {
    expect(SESSION_TTL_MS).toBe(12 * 60 * 60_000);
    const signedInAt = await signIn(t, 'admin@popstage.app');
    expect(String(signedInAt.headers['set-cookie'])).toContain(`Max-Age=${SESSION_TTL_MS / 1000}`);
    const admin = await signedIn(t, 'admin');
    t.clock.advance(SESSION_TTL_MS - 1000);
    expect(await opens(admin)).toBe(true);
    t.clock.advance(1000);
    const expired = await admin.get('/operator');
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toBe('/operator/sign-in');
    // The dead cookie is cleared, and a form posted with it changes nothing.
    expect(String(expired.headers['set-cookie'])).toMatch(/popstage_operator=;/);
    const late = await admin.post(`/operator/shops/${SHOP_A}/feature-flags`, { flags: [] });
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe('/operator/sign-in');
    expect(await opens(await signedIn(t, 'admin'))).toBe(true);
  });
});
