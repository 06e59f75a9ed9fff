import { CONSOLE_MESSAGES } from '@popstage/core/operator-console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import {
  addStaff,
  consoleForm,
  STAFF_PASSWORD as PASSWORD,
  signedIn,
  signIn as signInAs,
} from '../../test/operator-console';
import { recentAudit } from '../operator';
import { createStaffMember } from './staff';
import { findOperatorByEmail } from './store';
import { totpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addStaff(t, ['viewer', 'support', 'admin']);
});
afterAll(() => t.close());

const signIn = (email: string, password = PASSWORD, code = '', ip?: string) =>
  signInAs(t, email, { password, code, ...(ip ? { ip } : {}) });
const as = (role: string) => signedIn(t, role);

describe('sign-in', () => {
  it('refuses a wrong password or an unknown e-mail with the same words', async () => {
    for (const res of [
      await signIn('admin@popstage.app', 'wrong password!'),
      await signIn('nobody@popstage.app'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain(CONSOLE_MESSAGES.signInFailed);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('opens an HttpOnly, SameSite=Strict session; pages without one go to sign-in', async () => {
    const res = await signIn('ADMIN@popstage.app');
    expect(res.headers.location).toBe('/operator');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^popstage_operator=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/operator');
    const anonymous = await t.app.inject({ method: 'GET', url: '/operator/banners' });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/operator/sign-in');
    // A Shopify session token is no console session.
    const shopToken = await t.app.inject({
      method: 'GET',
      url: '/operator/banners',
      headers: await t.auth(SHOP_A),
    });
    expect(shopToken.statusCode).toBe(303);
  });

  it('allows 10 attempts a minute from one address', async () => {
    // Other e-mails each time: the per-account lockout (four in a row) is tested on its own.
    for (let n = 0; n < 10; n++) {
      expect(
        (await signIn(`nobody${n}@popstage.app`, 'wrong password!', '', '10.9.9.9')).statusCode,
      ).toBe(401);
    }
    const limited = await signIn('admin@popstage.app', PASSWORD, '', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain(CONSOLE_MESSAGES.tooManyAttempts);
  });

  it('stores the password as argon2id', async () => {
    const row = await findOperatorByEmail(t.deps.database.db, 'admin@popstage.app');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('ends the session on sign-out', async () => {
    const admin = await as('admin');
    expect((await admin.post('/operator/sign-out', {})).headers.location).toBe('/operator/sign-in');
    expect((await admin.get('/operator/banners')).statusCode).toBe(303);
  });
});

describe('two-step sign-in (TOTP)', () => {
  it('enrols with a first code, then asks for a code at every sign-in', async () => {
    await createStaffMember(t.deps, 'cli', {
      email: 'totp@popstage.app',
      password: PASSWORD,
      role: 'viewer',
    });
    const me = await as('totp');
    await me.post('/operator/account/totp', {});
    const page = await me.get('/operator/account');
    const secret = /Key: <code>([A-Z2-7]+)<\/code>/.exec(page.body)?.[1] ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await me.post('/operator/account/totp/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const code = totpCode(secret, 'totp@popstage.app', t.clock.now());
    expect((await me.post('/operator/account/totp/confirm', { code })).statusCode).toBe(303);

    const noCode = await signIn('totp@popstage.app');
    expect(noCode.statusCode).toBe(401);
    expect(noCode.body).toContain(CONSOLE_MESSAGES.codeRequired);
    expect((await signIn('totp@popstage.app', PASSWORD, '123456')).statusCode).toBe(401);
    t.clock.advance(30_000);
    const ok = await signIn(
      'totp@popstage.app',
      PASSWORD,
      totpCode(secret, 'totp@popstage.app', t.clock.now()),
    );
    expect(ok.statusCode).toBe(303);
    // The secret is stored encrypted.
    const row = await findOperatorByEmail(t.deps.database.db, 'totp@popstage.app');
    expect(row?.totpSecret).not.toContain(secret);
  });
});

describe('roles, CSRF and the audit log', () => {
  it('lets a viewer read but not change flags; support changes them, logged with before and after', async () => {
    const viewer = await as('viewer');
    expect((await viewer.get(`/operator/shops/${SHOP_A}`)).statusCode).toBe(200);
    const refused = await viewer.post(`/operator/shops/${SHOP_A}/feature-flags`, {
      flags: 'looker_dashboard',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(CONSOLE_MESSAGES.forbidden);

    const support = await as('support');
    const forged = await support.post(
      `/operator/shops/${SHOP_A}/feature-flags`,
      { flags: 'looker_dashboard' },
      'not-the-token',
    );
    expect(forged.statusCode).toBe(403);
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: `/operator/shops/${SHOP_A}/feature-flags`,
      headers: {
        cookie: support.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: consoleForm({ _csrf: support.csrf, flags: 'looker_dashboard' }),
    });
    expect(fromElsewhere.statusCode).toBe(403);
    const before = await recentAudit(t.deps.database.db, { target: SHOP_A, limit: 50 });
    expect(before).toEqual([]);

    const saved = await support.post(`/operator/shops/${SHOP_A}/feature-flags`, {
      flags: 'looker_dashboard',
    });
    expect(saved.statusCode).toBe(303);
    const [entry] = await recentAudit(t.deps.database.db, { target: SHOP_A, limit: 1 });
    expect(entry).toMatchObject({
      actor: 'support@popstage.app',
      action: 'shop.feature-flags',
      target: SHOP_A,
      before: { featureFlags: { looker_dashboard: false } },
      after: { featureFlags: { looker_dashboard: true } },
    });
    expect(entry?.at.getTime()).toBe(t.clock.now().getTime());
    const page = await viewer.get(`/operator/shops/${SHOP_A}`);
    expect(page.body).toContain('support@popstage.app');
    expect(page.body).toMatch(/name="flags" value="looker_dashboard" checked/);
  });

  it('keeps banners and staff to admins', async () => {
    const support = await as('support');
    expect((await support.get('/operator/banners')).statusCode).toBe(200);
    expect((await support.get('/operator/banners/new')).statusCode).toBe(403);
    expect((await support.get('/operator/staff')).statusCode).toBe(403);
    expect((await support.get('/operator/banners')).body).not.toContain('href="/operator/staff"');
  });

  it('admin publishes a banner with a preview; the HTML is sanitised and the change logged', async () => {
    const admin = await as('admin');
    const rule = {
      rule_name: 'Free upgrade',
      is_active: 'on',
      heading_text: 'Get more views',
      render_html: '<p>Go <b>Basic</b><script>alert(1)</script></p>',
      render_url: '',
      cta_text: 'See plans',
      cta_link: '/manage/plans',
      target_plans: ['free'],
    };
    const preview = await admin.post('/operator/banners', { ...rule, intent: 'preview' });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<p>Go <b>Basic</b></p>');
    expect(preview.body).not.toContain('alert(1)</script>');
    expect((await admin.get('/operator/banners')).body).toContain('No banners yet.');

    const bad = await admin.post('/operator/banners', { ...rule, render_url: 'nope' });
    expect(bad.statusCode).toBe(400);

    const saved = await admin.post('/operator/banners', { ...rule, intent: 'save' });
    expect(saved.statusCode).toBe(303);
    const id = String(saved.headers.location).split('/').pop() ?? '';
    const [entry] = await recentAudit(t.deps.database.db, { target: id, limit: 1 });
    expect(entry).toMatchObject({
      actor: 'admin@popstage.app',
      action: 'banner.create',
      before: null,
      after: {
        rule_name: 'Free upgrade',
        target_plans: ['free'],
        render_html: '<p>Go <b>Basic</b></p>',
      },
    });
    const audit = await admin.get(`/operator/audit?target=${id}`);
    expect(audit.body).toContain('banner.create');
  });

  it('logs the staff API’s changes too', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/operator/api/shops/${SHOP_A}/feature-flags`,
      headers: { authorization: `Bearer ${t.deps.config.OPERATOR_API_TOKEN}` },
      payload: { popclips_analytics_dashboard: true },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await recentAudit(t.deps.database.db, { target: SHOP_A, limit: 1 });
    expect(entry).toMatchObject({
      actor: 'staff-api',
      before: { featureFlags: { popclips_analytics_dashboard: false } },
      after: { featureFlags: { popclips_analytics_dashboard: true } },
    });
  });

  it('serves pages with no scripts allowed and never framed', async () => {
    const admin = await as('admin');
    const page = await admin.get('/operator/banners');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
