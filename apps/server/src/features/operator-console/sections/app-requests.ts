import { type Html, html } from '@popstage/core/html';
import {
  MOBILE_PLATFORM_STATES,
  type MobileRequestChange,
  mobileRequestChangeSchema,
  type OperatorShop,
} from '@popstage/core/operator';
import { operatorCan } from '@popstage/core/operator-console';
import { HttpError } from '../../../http/errors';
import {
  audited,
  changeMobileAppRequest,
  installedShop,
  mobileAppRequestHistory,
  operatorShop,
} from '../../operator';
import { csrfField, time } from '../layout';
import { type ConsoleSection, type FormBody, field, shopDomain } from '../section';
import type { ConsoleSession } from '../sessions';

/**
 * Branded-app requests (spec 03 §4): staff set each platform's state and store link, the
 * customer issue and the blocked reason of a shop's submitted request, and read its history; the
 * merchant's status banners follow. Changes go through the same rules as the staff API.
 */

const requestPath = (domain: string) => `/operator/shops/${domain}/app-request`;

/**
 * The form as a change: a state left on "unchanged" and a text field as it was are not sent, so
 * the request's history shows what staff changed; an emptied text field clears it (null).
 */
function changeOf(body: FormBody, current: OperatorShop['mobileAppRequest']): MobileRequestChange {
  const state = (name: string) => {
    const value = field(body, name);
    return value === '' ? {} : { [name]: value === 'NONE' ? null : value };
  };
  const text = (name: 'iosLink' | 'androidLink' | 'customerIssue' | 'blockedDescription') => {
    const value = field(body, name).trim() || null;
    return value === (current?.[name] ?? null) ? {} : { [name]: value };
  };
  const parsed = mobileRequestChangeSchema.safeParse({
    ...state('iosStatus'),
    ...state('androidStatus'),
    ...text('iosLink'),
    ...text('androidLink'),
    ...text('customerIssue'),
    ...text('blockedDescription'),
  });
  if (!parsed.success) {
    throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Check the request fields');
  }
  return parsed.data;
}

export const appRequestsSection: ConsoleSection = {
  title: 'App requests',
  path: '/operator/app-requests',
  permission: 'shops.read',
  register(app, kit) {
    const { deps } = app;

    app.get('/operator/app-requests', async (request, reply) => {
      kit.require(request, 'shops.read');
      const query = request.query as { shop?: string };
      if (query.shop) return kit.redirect(reply, requestPath(shopDomain(query.shop)));
      return kit.render(request, reply, {
        title: 'App requests',
        body: html`<form class="card" method="get" action="/operator/app-requests">
  <label>Shop domain <input type="text" name="shop" placeholder="demo-store.myshopify.com" required></label>
  <button type="submit">Open request</button>
</form>`,
      });
    });

    app.get('/operator/shops/:shop/app-request', async (request, reply) => {
      const session = kit.require(request, 'shops.read');
      const domain = shopDomain((request.params as { shop: string }).shop);
      const [shop, history] = await Promise.all([
        operatorShop(deps, domain),
        mobileAppRequestHistory(deps, domain),
      ]);
      return kit.render(request, reply, {
        title: `${domain}: branded app`,
        current: '/operator/app-requests',
        body: html`${requestCard(session, shop)}
<section class="card"><h2>History</h2>${historyTable(history)}</section>`,
      });
    });

    app.post('/operator/shops/:shop/app-request', async (request, reply) => {
      const session = kit.require(request, 'appRequests.write');
      const domain = shopDomain((request.params as { shop: string }).shop);
      // Before the change's transaction: it may ask the store platform.
      await installedShop(deps, domain);
      const change = changeOf(
        request.body as FormBody,
        (await operatorShop(deps, domain)).mobileAppRequest,
      );
      await audited(
        deps,
        { email: session.user.email },
        {
          action: 'shop.mobile-app-request',
          target: domain,
          read: async (tx) => (await operatorShop(tx, domain)).mobileAppRequest,
        },
        (tx) => changeMobileAppRequest(tx, domain, change),
      );
      return kit.redirect(
        reply,
        requestPath(domain),
        'App request saved: the merchant sees the new status.',
      );
    });
  },
};

function stateSelect(name: string, label: string, current: string | null, disabled: boolean) {
  return html`<label>${label} <select name="${name}"${disabled ? html` disabled` : ''}>
<option value="">Unchanged (${current ?? 'none'})</option>
${MOBILE_PLATFORM_STATES.map((state) => html`<option value="${state}">${state}</option>`)}
<option value="NONE">None</option>
</select></label>`;
}

function requestCard(session: ConsoleSession, shop: OperatorShop): Html {
  const request = shop.mobileAppRequest;
  if (!request?.submittedAt) {
    return html`<section class="card"><p>This shop has not submitted a branded-app request.</p></section>`;
  }
  const canWrite = operatorCan(session.user.role, 'appRequests.write');
  const input = (name: string, label: string, value: string | null, type = 'text') =>
    html`<label>${label} <input type="${type}" name="${name}" value="${value ?? ''}"${canWrite ? '' : html` disabled`}></label>`;
  return html`<section class="card"><h2>Request</h2>
<p>Submitted ${time(request.submittedAt)} · iOS ${request.iosStatus ?? '–'} · Android ${request.androidStatus ?? '–'}</p>
<form method="post" action="${requestPath(shop.domain)}" aria-label="App request review">${csrfField(session)}
${stateSelect('iosStatus', 'iOS status', request.iosStatus, !canWrite)}
${input('iosLink', 'iOS store link', request.iosLink, 'url')}
${stateSelect('androidStatus', 'Android status', request.androidStatus, !canWrite)}
${input('androidLink', 'Android store link', request.androidLink, 'url')}
${input('customerIssue', 'Customer issue', request.customerIssue)}
${input('blockedDescription', 'Blocked reason', request.blockedDescription)}
${canWrite ? html`<p><button type="submit">Save request</button></p>` : html`<p class="muted">Your role can only read app requests.</p>`}
</form></section>`;
}

function historyTable(history: { actor: string; change: Record<string, unknown>; at: string }[]) {
  if (history.length === 0) return html`<p class="muted">No changes yet.</p>`;
  return html`<table><tr><th>When</th><th>By</th><th>Change</th></tr>${history.map(
    (entry) =>
      html`<tr><td>${time(entry.at)}</td><td>${entry.actor}</td><td><code>${JSON.stringify(entry.change)}</code></td></tr>`,
  )}</table>`;
}
