import { DISCOUNT_KINDS } from '@popstage/core/billing';
import { html } from '@popstage/core/html';
import {
  discountCodeInputSchema,
  CONSOLE_MESSAGES as M,
  operatorCan,
} from '@popstage/core/operator-console';
import { FEATURE_IDS } from '@popstage/core/shop';
import { type Db, inTransaction } from '../../../db/client';
import { HttpError } from '../../../http/errors';
import { endDiscountCode, insertDiscountCode, listDiscountCodes } from '../../billing';
import { audited, recordAudit } from '../../operator';
import { csrfField, time } from '../layout';
import { type ConsoleSection, type FormBody, field, fields } from '../section';

/** What the audit log keeps of a code: its terms (null before it exists). */
async function codeSummary(db: Db, code: string) {
  const row = (await listDiscountCodes(db)).find((c) => c.code === code);
  return row
    ? {
        code: row.code,
        kind: row.kind,
        value: row.value,
        appliesTo: row.appliesTo,
        endsAt: row.endsAt?.toISOString() ?? null,
        maxRedemptions: row.maxRedemptions,
      }
    : null;
}

/** Discount codes merchants type on the Select Plan page (billing reads them from the table). */
export const discountCodesSection: ConsoleSection = {
  title: 'Discount codes',
  path: '/operator/discount-codes',
  permission: 'discounts.read',
  register(app, kit) {
    const { deps } = app;
    const db = deps.database.db;

    app.get('/operator/discount-codes', async (request, reply) => {
      const session = kit.require(request, 'discounts.read');
      const canWrite = operatorCan(session.user.role, 'discounts.write');
      const now = deps.clock.now();
      const codes = await listDiscountCodes(db);
      return kit.render(request, reply, {
        title: 'Discount codes',
        body: html`<section class="card"><table><thead><tr><th>Code</th><th>Kind</th><th>Value</th><th>Applies to</th><th>Ends (UTC)</th><th>Max uses</th><th></th></tr></thead><tbody>${codes.map(
          (
            c,
          ) => html`<tr><td><code>${c.code}</code><br><span class="muted">${c.description}</span></td><td>${c.kind}</td><td>${c.value ?? '–'}</td>
<td>${c.appliesTo.join(', ')}</td><td>${c.endsAt ? time(c.endsAt) : 'never'}</td><td>${c.maxRedemptions ?? '∞'}</td>
<td>${canWrite && (!c.endsAt || c.endsAt > now) ? html`<form method="post" action="/operator/discount-codes/${c.code}/end">${csrfField(session)}<button class="secondary" type="submit">End now</button></form>` : ''}</td></tr>`,
        )}</tbody></table></section>
${
  canWrite
    ? html`<form class="card" method="post" action="/operator/discount-codes">${csrfField(session)}<h2>New code</h2>
<label>Code <input type="text" name="code" required maxlength="40"></label>
<label>Description <input type="text" name="description" maxlength="200"></label>
<label>Kind <select name="kind">${DISCOUNT_KINDS.map((k) => html`<option value="${k}">${k}</option>`)}</select></label>
<label>Value (percent, or amount in USD; empty for free_popclips_addon) <input type="text" name="value" maxlength="10"></label>
<fieldset><legend>Applies to</legend>${FEATURE_IDS.map((f) => html`<label class="check"><input type="checkbox" name="appliesTo" value="${f}"> ${f}</label>`)}</fieldset>
<label>Ends on (empty: never) <input type="date" name="endsAt"></label>
<label>Max redemptions (empty: no limit) <input type="number" name="maxRedemptions" min="1"></label>
<button type="submit">Create code</button></form>`
    : ''
}`,
      });
    });

    app.post('/operator/discount-codes', async (request, reply) => {
      const session = kit.require(request, 'discounts.write');
      const body = request.body as FormBody;
      const parsed = discountCodeInputSchema.safeParse({
        code: field(body, 'code'),
        description: field(body, 'description'),
        kind: field(body, 'kind'),
        value: field(body, 'value'),
        appliesTo: fields(body, 'appliesTo'),
        endsAt: field(body, 'endsAt'),
        maxRedemptions: field(body, 'maxRedemptions'),
      });
      if (!parsed.success)
        throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Check the form');
      const input = parsed.data;
      // The code and its log line commit together.
      await inTransaction(deps, async (tx) => {
        const created = await insertDiscountCode(tx.database.db, {
          code: input.code,
          description: input.description,
          kind: input.kind,
          value: input.kind === 'free_popclips_addon' ? null : input.value,
          appliesTo: input.appliesTo,
          startsAt: deps.clock.now(),
          endsAt: input.endsAt ? new Date(`${input.endsAt}T23:59:59Z`) : null,
          maxRedemptions: input.maxRedemptions ? Number(input.maxRedemptions) : null,
        });
        if (!created) throw new HttpError(409, M.codeTaken);
        await recordAudit(
          tx,
          { email: session.user.email },
          {
            action: 'discount-code.create',
            target: input.code,
            before: null,
            after: await codeSummary(tx.database.db, input.code),
          },
        );
      });
      return kit.redirect(reply, '/operator/discount-codes', `Code ${input.code} created.`);
    });

    app.post('/operator/discount-codes/:code/end', async (request, reply) => {
      const session = kit.require(request, 'discounts.write');
      const code = (request.params as { code: string }).code.slice(0, 40);
      await audited(
        deps,
        { email: session.user.email },
        {
          action: 'discount-code.end',
          target: code,
          read: (tx) => codeSummary(tx.database.db, code),
        },
        async (tx) => {
          if (!(await endDiscountCode(tx.database.db, code, deps.clock.now()))) {
            throw new HttpError(404, 'This discount code does not exist.');
          }
        },
      );
      return kit.redirect(reply, '/operator/discount-codes', `Code ${code} ended.`);
    });
  },
};
