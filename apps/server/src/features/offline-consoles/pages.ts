import { type Html, html, htmlDocument } from '@popstage/core/html';
import type { OutboxMessage } from '../../platform/sms/sandbox-otp-sender';
import type { ReceivedSupportRequest } from '../help';

/**
 * Consoles of the app's offline stand-ins for outside services (not Shopify's: those are the local
 * Shopify's): the SMS outbox and the support desk.
 */

/** Just enough style to read the tables; these pages are for people trying the app offline. */
const CSS = `body{margin:0;font:14px/1.45 system-ui,sans-serif;background:#f1f1f1;color:#303030}
main{max-width:1100px;margin:0 auto;padding:32px 20px}h1{margin:0 0 4px;font-size:22px}
.muted,header p{color:#616161;margin:0}a{color:#005bd3}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px}
table{width:100%;border-collapse:collapse;font-size:13px}
th,td{text-align:left;padding:5px 6px;border-top:1px solid #ebebeb;vertical-align:top}
.inline{display:flex;gap:8px;align-items:center}`;

function page(title: string, body: Html): string {
  return htmlDocument({ head: html`<title>${title}</title>`, css: CSS, body });
}

const time = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);

function frame(title: string, intro: string, body: Html): string {
  return page(
    `${title} · Popstage sandbox`,
    html`<main>
  <header>
    <p><a href="/sandbox">← Sandbox</a></p>
    <h1>${title}</h1>
    <p>${intro}</p>
  </header>
  <section class="card" style="margin-top:20px">${body}</section>
</main>`,
  );
}

export function renderOutboxPage(messages: OutboxMessage[], phone?: string): string {
  return frame(
    'SMS outbox',
    'Text messages the sandbox SMS provider delivered, newest first. Type the code into the verify page.',
    html`<form class="inline" method="get" action="/sandbox/outbox">
    <label>Phone <input name="phone" value="${phone ?? ''}" placeholder="+15551234567"></label>
    <button type="submit">Filter</button>${phone ? html` <a href="/sandbox/outbox">Show all</a>` : ''}
  </form>
  ${
    messages.length === 0
      ? html`<p class="muted">No messages${phone ? ' to this number' : ''} yet.</p>`
      : html`<table>
    <tr><th>Sent (UTC)</th><th>To</th><th>Code</th><th>Message</th><th>Shop</th></tr>
    ${messages.map(
      (m) => html`<tr>
      <td>${time(m.sentAt)}</td><td>${m.phone}</td>
      <td><code class="otp-code" style="font-size:18px;font-weight:700">${m.code}</code></td>
      <td>${m.body}</td><td>${m.shopDomain}</td>
    </tr>`,
    )}
  </table>`
  }`,
  );
}

export function renderSupportPage(requests: ReceivedSupportRequest[]): string {
  return frame(
    'Support requests',
    'What merchants sent through the sandbox support widget (Zendesk receives them in production).',
    requests.length === 0
      ? html`<p class="muted">No support requests yet.</p>`
      : html`<table>
    <tr><th>Received (UTC)</th><th>Shop</th><th>From</th><th>Subject</th><th>Message</th></tr>
    ${requests.map(
      (r) => html`<tr>
      <td>${time(r.createdAt)}</td><td>${r.shopDomain}</td><td>${r.email}</td>
      <td>${r.subject}</td><td style="white-space:pre-wrap">${r.message}</td>
    </tr>`,
    )}
  </table>`,
  );
}
