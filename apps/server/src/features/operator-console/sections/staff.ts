import { html } from '@popstage/core/html';
import {
  CONSOLE_MESSAGES as M,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@popstage/core/operator-console';
import { z } from 'zod';
import { HttpError } from '../../../http/errors';
import { csrfField, time } from '../layout';
import { type ConsoleSection, type FormBody, field } from '../section';
import { createStaffMember, updateStaffMember } from '../staff';
import { allOperators, findOperatorById } from '../store';

/** Admins add staff, change their role or disable them (a change ends their sessions). */
export const staffSection: ConsoleSection = {
  title: 'Staff',
  path: '/operator/staff',
  permission: 'staff.manage',
  register(app, kit) {
    const { deps } = app;

    app.get('/operator/staff', async (request, reply) => {
      const session = kit.require(request, 'staff.manage');
      const staff = await allOperators(deps.database.db);
      const roleOptions = (current: OperatorRole) =>
        OPERATOR_ROLES.map(
          (role) =>
            html`<option value="${role}"${role === current ? html` selected` : ''}>${role}</option>`,
        );
      return kit.render(request, reply, {
        title: 'Staff',
        body: html`<section class="card"><table><thead><tr><th>E-mail</th><th>Role</th><th>Two-step</th><th>Since (UTC)</th><th></th></tr></thead><tbody>${staff.map(
          (
            member,
          ) => html`<tr><td>${member.email}${member.disabledAt ? html` <span class="badge">disabled</span>` : ''}</td>
<td colspan="1">${member.role}</td><td>${member.totpSecret ? 'on' : 'off'}</td><td>${time(member.createdAt)}</td>
<td>${
            member.id === session.user.id
              ? html`<span class="muted">you</span>`
              : html`<form class="row" method="post" action="/operator/staff/${member.id}">${csrfField(session)}
<select name="role" aria-label="Role of ${member.email}">${roleOptions(member.role)}</select>
<label class="check"><input type="checkbox" name="disabled"${member.disabledAt ? html` checked` : ''}> disabled</label>
<button class="secondary" type="submit">Save</button></form>`
          }</td></tr>`,
        )}</tbody></table></section>
<form class="card" method="post" action="/operator/staff">${csrfField(session)}<h2>Add a staff member</h2>
<label>E-mail <input type="email" name="email" required></label>
<label>First password (at least 12 characters, not easy to guess; they change it on Your account) <input type="password" name="password" required minlength="12" autocomplete="new-password"></label>
<label>Role <select name="role">${roleOptions('viewer')}</select></label>
<button type="submit">Add</button></form>`,
      });
    });

    app.post('/operator/staff', async (request, reply) => {
      const session = kit.require(request, 'staff.manage');
      const body = request.body as FormBody;
      try {
        await createStaffMember(
          deps,
          { email: session.user.email },
          {
            email: field(body, 'email'),
            password: field(body, 'password'),
            role: field(body, 'role') as OperatorRole,
          },
        );
      } catch (error) {
        if (error instanceof z.ZodError)
          throw new HttpError(400, error.issues[0]?.message ?? 'Check the form');
        throw error;
      }
      return kit.redirect(reply, '/operator/staff', 'Staff member added.');
    });

    app.post('/operator/staff/:id', async (request, reply) => {
      const session = kit.require(request, 'staff.manage');
      const id = z.uuid().safeParse((request.params as { id: string }).id);
      const member = id.success ? await findOperatorById(deps.database.db, id.data) : undefined;
      if (!member) throw new HttpError(404, M.staffNotFound);
      if (member.id === session.user.id)
        throw new HttpError(400, 'Ask another admin to change your own account.');
      const body = request.body as FormBody;
      const role = z.enum(OPERATOR_ROLES).safeParse(field(body, 'role'));
      if (!role.success) throw new HttpError(400, 'Choose a role');
      await updateStaffMember(deps, { email: session.user.email }, member, {
        role: role.data,
        disabled: field(body, 'disabled') === 'on',
      });
      return kit.redirect(reply, '/operator/staff', `${member.email} saved.`);
    });
  },
};
