import {
  type BannerRule,
  type BannerRuleInput,
  bannerRuleInputSchema,
} from '@popstage/core/banners';
import { POPCLIPS_PLAN_LEVELS } from '@popstage/core/billing';
import { Html, html } from '@popstage/core/html';
import { operatorCan } from '@popstage/core/operator-console';
import { FEATURE_IDS } from '@popstage/core/shop';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inTransaction } from '../../../db/client';
import { HttpError } from '../../../http/errors';
import { sanitizeHtml } from '../../../http/sanitize-html';
import {
  createBannerRule,
  listBannerRules,
  readBannerRule,
  removeBannerRule,
  replaceBannerRule,
} from '../../banners';
import { audited, recordAudit } from '../../operator';
import { csrfField, time } from '../layout';
import { type ConsoleKit, type ConsoleSection, type FormBody, field, fields } from '../section';
import type { ConsoleSession } from '../sessions';

const EMPTY: BannerRuleInput = {
  rule_name: '',
  is_active: false,
  heading_text: '',
  render_html: '',
  render_url: null,
  is_external_cta_link: false,
  extras: { cta_text: '', cta_link: '' },
  target_plans: [],
  target_features: [],
};

/** The form's fields as a rule (the schema checks them). */
function fromForm(body: FormBody): unknown {
  return {
    rule_name: field(body, 'rule_name'),
    is_active: field(body, 'is_active') === 'on',
    heading_text: field(body, 'heading_text'),
    render_html: field(body, 'render_html'),
    render_url: field(body, 'render_url').trim() || null,
    is_external_cta_link: field(body, 'is_external_cta_link') === 'on',
    extras: { cta_text: field(body, 'cta_text'), cta_link: field(body, 'cta_link') },
    target_plans: fields(body, 'target_plans'),
    target_features: fields(body, 'target_features'),
  };
}

const ruleId = (request: FastifyRequest) => {
  const parsed = z.uuid().safeParse((request.params as { ruleId: string }).ruleId);
  if (!parsed.success) throw new HttpError(404, 'This banner does not exist.');
  return parsed.data;
};

export const bannersSection: ConsoleSection = {
  title: 'Promo banners',
  path: '/operator/banners',
  permission: 'banners.read',
  register(app, kit) {
    const { deps } = app;

    app.get('/operator/banners', async (request, reply) => {
      const session = kit.require(request, 'banners.read');
      const rules = await listBannerRules(deps);
      return kit.render(request, reply, {
        title: 'Promo banners',
        body: html`${operatorCan(session.user.role, 'banners.write') ? html`<p><a href="/operator/banners/new">New banner</a></p>` : ''}
<section class="card">${rules.length === 0 ? html`<p class="muted">No banners yet.</p>` : rulesTable(rules)}</section>`,
      });
    });

    app.get('/operator/banners/new', async (request, reply) => {
      const session = kit.require(request, 'banners.write');
      return formPage(kit, request, reply, session, { input: EMPTY, action: '/operator/banners' });
    });

    app.get('/operator/banners/:ruleId', async (request, reply) => {
      const session = kit.require(request, 'banners.read');
      const rule = await readBannerRule(deps, ruleId(request));
      return formPage(kit, request, reply, session, {
        input: rule,
        action: `/operator/banners/${rule.rule_id}`,
        rule,
        preview: true,
      });
    });

    // Create, or preview without saving (the Preview button).
    app.post('/operator/banners', async (request, reply) => {
      const session = kit.require(request, 'banners.write');
      const body = request.body as FormBody;
      const parsed = bannerRuleInputSchema.safeParse(fromForm(body));
      const action = '/operator/banners';
      if (!parsed.success) return invalid(kit, request, reply, session, body, action, parsed.error);
      if (field(body, 'intent') === 'preview') {
        return formPage(kit, request, reply, session, {
          input: parsed.data,
          action,
          preview: true,
        });
      }
      // The rule and its log line commit together.
      const rule = await inTransaction(deps, async (tx) => {
        const created = await createBannerRule(tx, parsed.data);
        await recordAudit(
          tx,
          { email: session.user.email },
          { action: 'banner.create', target: created.rule_id, before: null, after: created },
        );
        return created;
      });
      return kit.redirect(
        reply,
        `/operator/banners/${rule.rule_id}`,
        `Banner “${rule.rule_name}” saved.`,
      );
    });

    app.post('/operator/banners/:ruleId', async (request, reply) => {
      const session = kit.require(request, 'banners.write');
      const id = ruleId(request);
      const body = request.body as FormBody;
      const action = `/operator/banners/${id}`;
      const parsed = bannerRuleInputSchema.safeParse(fromForm(body));
      if (!parsed.success) return invalid(kit, request, reply, session, body, action, parsed.error);
      if (field(body, 'intent') === 'preview') {
        const rule = await readBannerRule(deps, id);
        return formPage(kit, request, reply, session, {
          input: parsed.data,
          action,
          rule,
          preview: true,
        });
      }
      const rule = await audited(
        deps,
        { email: session.user.email },
        {
          action: 'banner.update',
          target: id,
          read: (tx) => readBannerRule(tx, id).catch(() => null),
        },
        (tx) => replaceBannerRule(tx, id, parsed.data),
      );
      return kit.redirect(reply, action, `Banner “${rule.rule_name}” saved.`);
    });

    app.post('/operator/banners/:ruleId/delete', async (request, reply) => {
      const session = kit.require(request, 'banners.write');
      const id = ruleId(request);
      await audited(
        deps,
        { email: session.user.email },
        {
          action: 'banner.delete',
          target: id,
          read: (tx) => readBannerRule(tx, id).catch(() => null),
        },
        (tx) => removeBannerRule(tx, id),
      );
      return kit.redirect(reply, '/operator/banners', 'Banner deleted.');
    });
  },
};

function rulesTable(rules: BannerRule[]): Html {
  return html`<table><thead><tr><th>Name</th><th>State</th><th>Plans</th><th>Features</th><th>Page</th><th>Dismissed</th><th>Changed (UTC)</th></tr></thead><tbody>${rules.map(
    (r) => html`<tr><td><a href="/operator/banners/${r.rule_id}">${r.rule_name}</a></td>
<td><span class="badge${r.is_active ? ' on' : ''}">${r.is_active ? 'Active' : 'Off'}</span></td>
<td>${r.target_plans.join(', ') || 'all'}</td><td>${r.target_features.join(', ') || '–'}</td>
<td>${r.render_url ?? 'every page'}</td><td>${r.dismissals}</td><td>${time(r.updated_at)}</td></tr>`,
  )}</tbody></table>`;
}

function invalid(
  kit: ConsoleKit,
  request: FastifyRequest,
  reply: FastifyReply,
  session: ConsoleSession,
  body: FormBody,
  action: string,
  error: z.ZodError,
) {
  const raw = fromForm(body) as BannerRuleInput;
  return formPage(kit, request, reply, session, {
    input: { ...EMPTY, ...raw, target_plans: [], target_features: [] },
    action,
    message: error.issues[0]?.message ?? 'Check the form',
  });
}

/** The rule's form with, on request, a preview of the banner as merchants will see it. */
function formPage(
  kit: ConsoleKit,
  request: FastifyRequest,
  reply: FastifyReply,
  session: ConsoleSession,
  page: {
    input: BannerRuleInput;
    action: string;
    rule?: BannerRule;
    preview?: boolean;
    message?: string;
  },
) {
  const { input, rule } = page;
  const canWrite = operatorCan(session.user.role, 'banners.write');
  const checked = (on: boolean) => (on ? html` checked` : '');
  return kit.render(request, reply, {
    title: rule ? rule.rule_name : 'New banner',
    current: '/operator/banners',
    status: page.message ? 400 : 200,
    flash: page.message ? { tone: 'error', text: page.message } : null,
    body: html`${page.preview ? previewCard(input) : ''}
<form class="card" method="post" action="${page.action}">${csrfField(session)}
<label>Rule name (staff only) <input type="text" name="rule_name" value="${input.rule_name}" required maxlength="100"></label>
<label class="check"><input type="checkbox" name="is_active"${checked(input.is_active)}> Active (published)</label>
<label>Heading <input type="text" name="heading_text" value="${input.heading_text}" maxlength="120"></label>
<label>HTML (sanitised when saved: no scripts, styles or frames) <textarea name="render_html" maxlength="10000">${input.render_html}</textarea></label>
<label>Page (render url: an app path like /insights, or /mobile/* for a page and those below; empty for every page) <input type="text" name="render_url" value="${input.render_url ?? ''}" maxlength="200"></label>
<label>Call-to-action text <input type="text" name="cta_text" value="${input.extras.cta_text}" maxlength="40"></label>
<label>Call-to-action link (https:// or an app path) <input type="text" name="cta_link" value="${input.extras.cta_link}" maxlength="500"></label>
<label class="check"><input type="checkbox" name="is_external_cta_link"${checked(input.is_external_cta_link)}> The link opens another site in a new tab</label>
<fieldset><legend>Plans (none ticked: every plan)</legend>${POPCLIPS_PLAN_LEVELS.map(
      (level) =>
        html`<label class="check"><input type="checkbox" name="target_plans" value="${level}"${checked(input.target_plans.includes(level))}> ${level}</label>`,
    )}</fieldset>
<fieldset><legend>The shop has every feature ticked</legend>${FEATURE_IDS.map(
      (feature) =>
        html`<label class="check"><input type="checkbox" name="target_features" value="${feature}"${checked(input.target_features.includes(feature))}> ${feature}</label>`,
    )}</fieldset>
${canWrite ? html`<p class="row"><button type="submit" name="intent" value="save">Save</button><button class="secondary" type="submit" name="intent" value="preview">Preview</button></p>` : ''}
</form>
${rule && canWrite ? html`<form method="post" action="/operator/banners/${rule.rule_id}/delete">${csrfField(session)}<button class="danger" type="submit">Delete banner</button></form>` : ''}`,
  });
}

/** The banner as the admin draws it: heading, the sanitised HTML, the call to action. */
function previewCard(input: BannerRuleInput): Html {
  return html`<section class="card" aria-label="Preview"><h2>Preview</h2><div class="preview">
${input.heading_text ? html`<h3>${input.heading_text}</h3>` : ''}
<div>${new Html(sanitizeHtml(input.render_html))}</div>
${input.extras.cta_text ? html`<span class="cta">${input.extras.cta_text}${input.is_external_cta_link ? ' ↗' : ''}</span>` : ''}
</div></section>`;
}
