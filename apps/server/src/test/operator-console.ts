import type { OperatorRole } from '@popstage/core/operator-console';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createStaffMember } from '../features/operator-console/staff';
import type { TestApp } from './app';

/** Helpers for tests of the operator console: staff, sign-in and their forms. */

export const STAFF_PASSWORD = 'a long staff password';

/** A staff member of each role, e-mail `${role}@popstage.app`, created as the CLI would. */
export async function addStaff(t: TestApp, roles: readonly OperatorRole[]) {
  for (const role of roles) {
    await createStaffMember(t.deps, 'cli', {
      email: `${role}@popstage.app`,
      password: STAFF_PASSWORD,
      role,
    });
  }
}

/** A form body as a browser posts it; a list repeats the field. */
export const consoleForm = (fields: Record<string, string | string[]>) =>
  new URLSearchParams(
    Object.entries(fields).flatMap(([k, v]): [string, string][] =>
      Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v]],
    ),
  ).toString();

let address = 0;

/** Each sign-in from its own address, so the per-address limit only counts where a test wants. */
export function signIn(
  t: TestApp,
  email: string,
  {
    password = STAFF_PASSWORD,
    code = '',
    ip = `10.0.${Math.floor(++address / 250)}.${address % 250}`,
  } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/operator/sign-in',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: consoleForm({ email, password, code }),
  });
}

export interface StaffBrowser {
  cookie: string;
  csrf: string;
  get(url: string): Promise<LightMyRequestResponse>;
  /** A form post carrying the session's CSRF token (or the one given). */
  post(
    url: string,
    fields: Record<string, string | string[]>,
    token?: string,
  ): Promise<LightMyRequestResponse>;
}

/** A signed-in staff member (`viewer` stands for viewer@popstage.app): their cookie and forms. */
export async function signedIn(t: TestApp, who: string): Promise<StaffBrowser> {
  const res = await signIn(t, who.includes('@') ? who : `${who}@popstage.app`);
  expect(res.statusCode, res.body).toBe(303);
  const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const page = await get('/operator/account');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const post = (url: string, fields: Record<string, string | string[]>, token = csrf) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: consoleForm({ _csrf: token, ...fields }),
    });
  return { cookie, csrf, get, post };
}
