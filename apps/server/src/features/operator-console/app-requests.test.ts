import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { ALL_STEPS_DONE, appRequestBody, subscribeMobile } from '../../test/mobile';
import { recentAudit } from '../operator';
import { createStaffMember } from './staff';

/**
 * The console's App requests section (issue 18 point 3): staff set a submitted branded-app
 * request's states, links and notes; the merchant's status follows, the change is in the
 * request's history and the audit log, and only support and admin may change it.
 */
const PASSWORD = 'a long staff password';
let t: TestApp;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A signed-in staff member of the role: GET and CSRF-carrying POST with their cookie. */
async function as(role: 'viewer' | 'support') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/operator/sign-in',
    remoteAddress: `10.1.0.${role.length}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ email: `${role}@popstage.app`, password: PASSWORD, code: '' }),
  });
  expect(res.statusCode, res.body).toBe(303);
  const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const csrf = /name="_csrf" value="([^"]+)"/.exec((await get('/operator/account')).body)?.[1];
  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ _csrf: csrf ?? '', ...fields }),
    });
  return { get, post };
}

const merchantStatus = async () =>
  (await call(t, SHOP_A, 'GET', '/api/shopify/shop')).json().mobileApp;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['viewer', 'support'] as const) {
    await createStaffMember(t.deps, 'cli', {
      email: `${role}@popstage.app`,
      password: PASSWORD,
      role,
    });
  }
  await subscribeMobile(t, SHOP_A, 'addon-mobile-pro');
  await call(t, SHOP_A, 'POST', '/api/store/v1/app-setup', ALL_STEPS_DONE);
  const submitted = await call(
    t,
    SHOP_A,
    'POST',
    '/api/shopify/shop/mobile/app-request',
    await appRequestBody(t, SHOP_A),
  );
  expect(submitted.statusCode, submitted.body).toBe(200);
});
afterAll(() => t.close());

const PAGE = `/operator/shops/${SHOP_A}/app-request`;

describe('console: branded-app requests', () => {
  it('support moves iOS to REVIEW, then LIVE with its store link; the merchant follows', async () => {
    const support = await as('support');
    const page = await support.get(PAGE);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('aria-label="App request review"');
    expect(page.body).toContain('iOS PENDING');

    const review = await support.post(PAGE, {
      iosStatus: 'REVIEW',
      androidStatus: '',
      iosLink: '',
      androidLink: '',
      customerIssue: '',
      blockedDescription: '',
    });
    expect(review.statusCode, review.body).toBe(303);
    expect(await merchantStatus()).toMatchObject({ iosStatus: 'REVIEW', androidStatus: 'PENDING' });

    const live = await support.post(PAGE, {
      iosStatus: 'LIVE',
      androidStatus: '',
      iosLink: 'https://apps.apple.com/app/id123',
      androidLink: '',
      customerIssue: '',
      blockedDescription: '',
    });
    expect(live.statusCode, live.body).toBe(303);
    expect(await merchantStatus()).toMatchObject({ iosStatus: 'LIVE' });

    const after = await support.get(PAGE);
    expect(after.body).toContain('https://apps.apple.com/app/id123');
    // The history lists the submission and both staff changes.
    expect(after.body.match(/<td>staff<\/td>/g)).toHaveLength(2);
    const [logged] = await recentAudit(t.deps.database.db, { target: SHOP_A, limit: 1 });
    expect(logged).toMatchObject({
      actor: 'support@popstage.app',
      action: 'shop.mobile-app-request',
      before: expect.objectContaining({ iosStatus: 'REVIEW' }),
      after: expect.objectContaining({
        iosStatus: 'LIVE',
        iosLink: 'https://apps.apple.com/app/id123',
      }),
    });
  });

  it('refuses a bad store link with 400 and changes nothing', async () => {
    const support = await as('support');
    const before = await merchantStatus();
    const bad = await support.post(PAGE, {
      iosStatus: 'BLOCKED',
      iosLink: 'http://insecure.example.com',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A store link is an https URL');
    expect(await merchantStatus()).toEqual(before);
  });

  it('lets a viewer read the request but not change it', async () => {
    const viewer = await as('viewer');
    const page = await viewer.get(PAGE);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your role can only read app requests.');
    const refused = await viewer.post(PAGE, { iosStatus: 'BLOCKED' });
    expect(refused.statusCode).toBe(403);
    expect(await merchantStatus()).toMatchObject({ iosStatus: 'LIVE' });
    // A shop without a request says so.
    expect((await viewer.get(`/operator/shops/${SHOP_B}/app-request`)).body).toContain(
      'has not submitted a branded-app request',
    );
  });
});
