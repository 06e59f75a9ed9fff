import { type Html, html, htmlDocument } from '@popstage/core/html';
import type { ConsoleSession } from './sessions';

const CSS = `*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,sans-serif;background:#f1f1f1;color:#303030}
header.top{background:#1a1a1a;color:#fff;padding:10px 20px;display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center}
header.top a{color:#fff;text-decoration:none}header.top nav{display:flex;flex-wrap:wrap;gap:4px 14px;flex:1}
header.top nav a{opacity:.8}header.top nav a[aria-current=page]{opacity:1;font-weight:600}
header.top form{margin:0}header.top .who{opacity:.8;font-size:13px}
main{max-width:1100px;margin:0 auto;padding:24px 16px}h1{margin:0 0 16px;font-size:22px}h2{font-size:16px;margin:0 0 12px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:18px;margin-bottom:16px;overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:13px}th,td{text-align:left;padding:6px;border-top:1px solid #ebebeb;vertical-align:top}
label{display:block;margin:0 0 10px;font-weight:500}label.check{display:inline-flex;gap:6px;margin-right:14px;font-weight:400}
input[type=text],input[type=url],input[type=email],input[type=password],input[type=date],input[type=number],select,textarea{display:block;width:100%;max-width:520px;padding:7px 9px;border:1px solid #8a8a8a;border-radius:8px;font:inherit;margin-top:4px;font-weight:400}
textarea{min-height:120px;max-width:100%;font-family:ui-monospace,monospace;font-size:13px}
button{font:inherit;padding:7px 14px;border-radius:8px;border:1px solid #303030;background:#303030;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#303030;border-color:#8a8a8a}button.danger{background:#c70a24;border-color:#c70a24}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}.muted{color:#616161}
.notice{padding:10px 14px;border-radius:10px;margin-bottom:16px}.notice.error{background:#fee9e8;color:#8e0b21}.notice.ok{background:#e0f8e5;color:#0c5132}
.badge{display:inline-block;padding:1px 8px;border-radius:8px;background:#ebebeb;font-size:12px}.badge.on{background:#cdfee1}
.preview{border:1px solid #a6c8ff;background:#eaf4ff;border-radius:12px;padding:12px 16px}
.preview h3{margin:0 0 6px;font-size:14px}.preview .cta{display:inline-block;margin-top:8px;padding:4px 10px;border:1px solid #8a8a8a;border-radius:8px;background:#fff;color:#303030;text-decoration:none}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:12px}code{font-size:12px}`;

export interface Flash {
  tone: 'error' | 'ok';
  text: string;
}

export interface NavItem {
  title: string;
  path: string;
}

/** A console page: the staff member's sections as navigation, their name and a sign-out. */
export function consolePage(parts: {
  title: string;
  session: ConsoleSession;
  nav: NavItem[];
  current: string;
  body: Html;
  flash?: Flash | null;
}): string {
  const { session } = parts;
  return htmlDocument({
    head: html`<title>${parts.title} · Popstage operator console</title>`,
    css: CSS,
    body: html`<header class="top">
  <a href="/operator"><strong>Popstage operator</strong></a>
  <nav aria-label="Console">${parts.nav.map(
    (item) =>
      html`<a href="${item.path}"${parts.current === item.path ? html` aria-current="page"` : ''}>${item.title}</a>`,
  )}</nav>
  <span class="who">${session.user.email} · ${session.user.role}</span>
  <form method="post" action="/operator/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form>
</header>
<main>
  <h1>${parts.title}</h1>
  ${flashBox(parts.flash)}
  ${parts.body}
</main>`,
  });
}

/** The sign-in page (no session yet). */
export function signInPage(flash: Flash | null, email = ''): string {
  return htmlDocument({
    head: html`<title>Sign in · Popstage operator console</title>`,
    css: CSS,
    body: html`<main style="max-width:440px">
  <h1>Popstage operator console</h1>
  ${flashBox(flash)}
  <form class="card" method="post" action="/operator/sign-in">
    <label>E-mail <input type="email" name="email" value="${email}" autocomplete="username" required></label>
    <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
    <label>Authenticator code (if you set one up) <input type="text" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6"></label>
    <button type="submit">Sign in</button>
  </form>
  <p class="muted">For Popstage staff. Merchants use the app in their store's admin.</p>
</main>`,
  });
}

export function csrfField(session: ConsoleSession): Html {
  return html`<input type="hidden" name="_csrf" value="${session.csrfToken}">`;
}

function flashBox(flash: Flash | null | undefined): Html | string {
  return flash ? html`<p class="notice ${flash.tone}" role="status">${flash.text}</p>` : '';
}

export const time = (date: Date | string) =>
  new Date(date).toISOString().replace('T', ' ').slice(0, 16);
