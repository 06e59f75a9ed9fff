import { html } from '@popstage/core/html';
import {
  CONSOLE_MESSAGES as M,
  passwordChangeSchema,
  totpCodeSchema,
} from '@popstage/core/operator-console';
import { HttpError } from '../../../http/errors';
import { recordAudit } from '../../operator';
import { csrfField } from '../layout';
import { hashPassword, verifyPassword } from '../passwords';
import { type ConsoleSection, type FormBody, field } from '../section';
import { recordStaffAccess } from '../sign-in';
import { staffSummary } from '../staff';
import { deleteOtherSessions, findOperatorById, updateOperator } from '../store';
import { newTotpSecret, totpStep, totpUri } from '../totp';

/**
 * Two-step sign-in: a secret is proposed, the staff member adds it to an authenticator app and
 * confirms with a first code; from then on sign-in asks for a code.
 */
export const accountSection: ConsoleSection = {
  title: 'Your account',
  path: '/operator/account',
  permission: 'shops.read',
  register(app, kit) {
    const { deps } = app;
    const db = deps.database.db;

    app.get('/operator/account', async (request, reply) => {
      const session = kit.session(request);
      const user = session.user;
      const pending = user.pendingTotpSecret ? deps.secrets.decrypt(user.pendingTotpSecret) : null;
      const body = user.totpSecret
        ? html`<section class="card"><h2>Two-step sign-in</h2><p>On: sign-in asks for a code of your authenticator app.</p></section>`
        : pending
          ? html`<section class="card"><h2>Two-step sign-in</h2>
<p>Add this key to your authenticator app (or open the address on your phone), then enter the code it shows.</p>
<p>Key: <code>${pending}</code></p><p class="muted" style="word-break:break-all">${totpUri(pending, user.email)}</p>
<form method="post" action="/operator/account/totp/confirm">${csrfField(session)}
<label>Code <input type="text" name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" required autocomplete="one-time-code"></label>
<button type="submit">Turn on</button></form></section>`
          : html`<section class="card"><h2>Two-step sign-in</h2><p>Off. Protect your account with a code from an authenticator app.</p>
<form method="post" action="/operator/account/totp">${csrfField(session)}<button type="submit">Set up</button></form></section>`;
      return kit.render(request, reply, {
        title: 'Your account',
        body: html`<section class="card"><p>${user.email} · role ${user.role}</p></section>${body}
<form class="card" method="post" action="/operator/account/password">${csrfField(session)}<h2>Password</h2>
<label>Current password <input type="password" name="current" required autocomplete="current-password"></label>
<label>New password (at least 12 characters, not easy to guess) <input type="password" name="password" required minlength="12" autocomplete="new-password"></label>
<button type="submit">Change password</button></form>`,
      });
    });

    // A new password, checked like every password staff set; other sessions end.
    app.post('/operator/account/password', async (request, reply) => {
      const session = kit.session(request);
      const body = request.body as FormBody;
      const parsed = await passwordChangeSchema(session.user.email).safeParseAsync({
        current: field(body, 'current'),
        password: field(body, 'password'),
      });
      if (!parsed.success)
        throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Check the form');
      if (!(await verifyPassword(session.user.passwordHash, parsed.data.current))) {
        throw new HttpError(400, M.currentPasswordWrong);
      }
      await updateOperator(db, session.user.id, {
        passwordHash: await hashPassword(parsed.data.password),
      });
      await deleteOtherSessions(db, session.user.id, session.tokenHash);
      await recordStaffAccess(deps, session.user.email, 'staff.password-change', request.ip);
      return kit.redirect(reply, '/operator/account', M.passwordChanged);
    });

    app.post('/operator/account/totp', async (request, reply) => {
      const { user } = kit.session(request);
      if (user.totpSecret) return kit.redirect(reply, '/operator/account');
      await updateOperator(db, user.id, {
        pendingTotpSecret: deps.secrets.encrypt(newTotpSecret()),
      });
      return kit.redirect(reply, '/operator/account');
    });

    app.post('/operator/account/totp/confirm', async (request, reply) => {
      const { user } = kit.session(request);
      const parsed = totpCodeSchema.safeParse({ code: (request.body as FormBody).code });
      const pending = user.pendingTotpSecret ? deps.secrets.decrypt(user.pendingTotpSecret) : null;
      if (!pending) return kit.redirect(reply, '/operator/account');
      const step = parsed.success
        ? totpStep(pending, user.email, parsed.data.code, deps.clock.now())
        : null;
      if (step === null) throw new HttpError(400, M.totpWrong);
      // The confirming code is used: it cannot sign in afterwards.
      await updateOperator(db, user.id, {
        totpSecret: user.pendingTotpSecret,
        pendingTotpSecret: null,
        lastTotpStep: step,
      });
      const after = await findOperatorById(db, user.id);
      await recordAudit(
        deps,
        { email: user.email },
        {
          action: 'staff.totp-on',
          target: user.email,
          before: staffSummary(user),
          after: after ? staffSummary(after) : null,
        },
      );
      return kit.redirect(reply, '/operator/account', 'Two-step sign-in is on.');
    });
  },
};
