import { type Html, html } from '@popstage/core/html';
import type { OperatorShop } from '@popstage/core/operator';
import { operatorCan } from '@popstage/core/operator-console';
import { FEATURE_FLAG_NAMES } from '@popstage/core/shop';
import type { ShopRow } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { HttpError } from '../../../http/errors';
import { billingOffer, planFacts, popclipsGating, shopBillingState } from '../../billing';
import {
  audited,
  installedShop,
  operatorShop,
  proposeCompanyPlanChange,
  recentAudit,
  setFeatureFlags,
} from '../../operator';
import { clipCountOf, failedClips } from '../../popclips';
import { findShop } from '../../shop';
import { csrfField, time } from '../layout';
import { type ConsoleSection, type FormBody, field, fields, shopDomain } from '../section';
import type { ConsoleSession } from '../sessions';
import { auditTable } from './audit-table';

/** The plan change Popstage proposed and the merchant has not accepted yet, if any. */
async function pendingProposal(deps: AppDeps, shop: ShopRow) {
  const plan = await planFacts(deps.database.db, deps.catalogue, shop);
  return (await shopBillingState(deps, { shop, plan })).pendingSubscription;
}

/** What staff look at for one shop: plan, usage, clips, recent errors and changes. */
async function overview(deps: AppDeps, domain: string) {
  const shop = await operatorShop(deps, domain);
  const row = await findShop(deps.database.db, domain);
  if (!row) return { shop, details: null };
  const tenant = { shop: row, plan: await planFacts(deps.database.db, deps.catalogue, row) };
  const [billing, gating, clips, failures, changes] = await Promise.all([
    shopBillingState(deps, tenant),
    popclipsGating(deps, tenant),
    clipCountOf(deps.database.db, row.id),
    failedClips(deps.database.db, row.id),
    recentAudit(deps.database.db, { target: domain, limit: 10 }),
  ]);
  return {
    shop,
    details: { billing, gating, clips, failures, changes, level: tenant.plan.popclipsLevel },
  };
}

export const shopsSection: ConsoleSection = {
  title: 'Shops',
  path: '/operator',
  permission: 'shops.read',
  register(app, kit) {
    const { deps } = app;

    app.get('/operator', async (request, reply) => {
      kit.require(request, 'shops.read');
      const query = request.query as { shop?: string };
      if (query.shop) return kit.redirect(reply, `/operator/shops/${shopDomain(query.shop)}`);
      return kit.render(request, reply, {
        title: 'Shops',
        body: html`<form class="card" method="get" action="/operator">
  <label>Shop domain <input type="text" name="shop" placeholder="demo-store.myshopify.com" required></label>
  <button type="submit">Open</button>
</form>`,
      });
    });

    app.get('/operator/shops/:shop', async (request, reply) => {
      const session = kit.require(request, 'shops.read');
      const domain = shopDomain((request.params as { shop: string }).shop);
      const { shop, details } = await overview(deps, domain);
      const offer = await billingOffer(deps.database.db, deps.catalogue);
      return kit.render(request, reply, {
        title: domain,
        current: '/operator',
        body: html`${summaryCard(shop, details)}
${flagsCard(session, shop)}
${operatorCan(session.user.role, 'plans.propose') ? proposalCard(session, domain, offer) : ''}
${details ? html`<section class="card"><h2>Recent changes</h2>${auditTable(details.changes)}</section>` : ''}`,
      });
    });

    app.post('/operator/shops/:shop/feature-flags', async (request, reply) => {
      const session = kit.require(request, 'flags.write');
      const domain = shopDomain((request.params as { shop: string }).shop);
      const on = new Set(fields(request.body as FormBody, 'flags'));
      const patch = Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, on.has(name)]));
      await setFeatureFlags(deps, { email: session.user.email }, domain, patch);
      return kit.redirect(reply, `/operator/shops/${domain}`, 'Feature flags saved.');
    });

    app.post('/operator/shops/:shop/plan-proposals', async (request, reply) => {
      const session = kit.require(request, 'plans.propose');
      const domain = shopDomain((request.params as { shop: string }).shop);
      const body = request.body as FormBody;
      const planId = field(body, 'planId');
      const addonIds = fields(body, 'addonIds').filter((id) => id !== '');
      if (!planId) throw new HttpError(400, 'Choose a plan');
      // Before the change's transaction: it may ask the store platform.
      const shop = await installedShop(deps, domain);
      await audited(
        deps,
        { email: session.user.email },
        { action: 'shop.plan-proposal', target: domain, read: (tx) => pendingProposal(tx, shop) },
        (tx) => proposeCompanyPlanChange(tx, domain, { planId, addonIds }),
      );
      return kit.redirect(
        reply,
        `/operator/shops/${domain}`,
        'Plan change proposed: the merchant sees it on Home until they accept it.',
      );
    });
  },
};

type Details = Awaited<ReturnType<typeof overview>>['details'];

function summaryCard(shop: OperatorShop, details: Details): Html {
  if (!details) {
    return html`<section class="card"><p>Popstage has never been opened in this shop.</p></section>`;
  }
  const { billing, gating } = details;
  const views =
    gating.maxViews === -1
      ? `${gating.totalViews.toLocaleString('en-US')} (unlimited)`
      : `${gating.totalViews.toLocaleString('en-US')} of ${gating.maxViews.toLocaleString('en-US')}`;
  return html`<section class="card"><h2>Overview</h2><table>
<tr><th>Installed</th><td>${shop.installed ? `since ${time(shop.installedAt ?? '')}` : shop.uninstalledAt ? `uninstalled ${time(shop.uninstalledAt)}` : 'no'}</td></tr>
<tr><th>Plan</th><td>${billing.activePlan?.skuCode ?? 'none'} · Popclips ${details.level}${billing.enabledFeatures.length ? ` · ${billing.enabledFeatures.join(', ')}` : ''}</td></tr>
<tr><th>Pending plan change</th><td>${billing.pendingSubscription ? `proposed (${billing.pendingSubscription.draft.lineItems.length} lines)` : 'none'}</td></tr>
<tr><th>Views this period</th><td>${views}${gating.limitAccess ? ' · limited' : ''}</td></tr>
<tr><th>Popclips</th><td>${details.clips}</td></tr>
<tr><th>Branded app</th><td>${shop.mobileAppRequest ? html`<a href="/operator/shops/${shop.domain}/app-request">iOS ${shop.mobileAppRequest.iosStatus ?? '–'} · Android ${shop.mobileAppRequest.androidStatus ?? '–'}</a>` : 'not requested'}</td></tr>
<tr><th>Recent errors</th><td>${
    details.failures.length === 0
      ? 'none'
      : html`<ul>${details.failures.map((f) => html`<li>${time(f.updatedAt)} · clip “${f.title}” failed: ${f.failureReason ?? 'no reason given'}</li>`)}</ul>`
  }</td></tr>
</table></section>`;
}

function flagsCard(session: ConsoleSession, shop: OperatorShop): Html {
  const canWrite = operatorCan(session.user.role, 'flags.write');
  return html`<section class="card"><h2>Feature flags</h2>
<form method="post" action="/operator/shops/${shop.domain}/feature-flags">${csrfField(session)}
<div>${FEATURE_FLAG_NAMES.map(
    (name) =>
      html`<label class="check"><input type="checkbox" name="flags" value="${name}"${shop.featureFlags[name] ? html` checked` : ''}${canWrite ? '' : html` disabled`}> ${name}</label>`,
  )}</div>
${canWrite ? html`<p><button type="submit">Save flags</button></p>` : html`<p class="muted">Your role can only read flags.</p>`}
</form></section>`;
}

function proposalCard(
  session: ConsoleSession,
  domain: string,
  offer: Awaited<ReturnType<typeof billingOffer>>,
): Html {
  return html`<section class="card"><h2>Propose a plan change</h2>
<form method="post" action="/operator/shops/${domain}/plan-proposals">${csrfField(session)}
<label>Plan <select name="planId">${offer.plans.map((p) => html`<option value="${p.id}">${p.name} (${p.priceAmount} ${p.currencyCode})</option>`)}</select></label>
${offer.features.map(
  (feature) =>
    html`<label>${feature.name} <select name="addonIds"><option value="">None</option>${feature.addons.map(
      (a) => html`<option value="${a.id}">${a.name} (${a.priceAmount} ${a.currencyCode})</option>`,
    )}</select></label>`,
)}
<button type="submit">Propose</button>
</form></section>`;
}
