import { FEATURE_FLAG_NAMES, type FeatureFlagName } from '@popstage/core';
import { type Html, html, page } from './html';
import type { SandboxShopState } from './service';

/** The /sandbox control page: plain forms that POST and come back here, so it works without JS. */

export const NOTICES = {
  reset: 'The shop is back to a fresh install.',
  flags: 'Feature flag saved.',
  embed: 'Theme app embed switched.',
} as const;
export type Notice = keyof typeof NOTICES;

const FLAG_HINTS: Record<FeatureFlagName, string> = {
  deactivate_shop: 'Blocks the whole app with an access-denied page.',
  looker_dashboard: 'Shows the Looker analytics dashboard.',
  popclips_analytics_dashboard: 'Shows the Popclips analytics dashboard.',
  disable_push_notification: 'Turns off push notifications.',
};

export function renderControlPage(shops: SandboxShopState[], notice?: Notice): string {
  return page(
    'Popstage sandbox',
    CSS,
    html`<main>
  <header>
    <h1>Popstage sandbox</h1>
    <p>An offline stand-in for Shopify: two stores generated on this machine. Nothing here leaves it.</p>
  </header>
  ${notice ? html`<p class="notice" role="status">${NOTICES[notice]}</p>` : ''}
  <div class="shops">${shops.map(shopCard)}</div>
</main>`,
  );
}

function shopCard(shop: SandboxShopState): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  return html`<section class="card" id="${shop.domain}">
  <div class="card-head">
    <div>
      <h2>${shop.name}</h2>
      <p class="muted">${shop.domain}</p>
    </div>
    <a class="button primary" href="${shop.adminUrl}">Open admin as this shop</a>
  </div>
  <dl>
    <dt>Owner</dt><dd>${shop.ownerName} · ${shop.email}</dd>
    <dt>Storefront</dt><dd><a href="${shop.primaryDomainUrl}">${shop.primaryDomainUrl}</a></dd>
    <dt>App</dt><dd>${
      shop.installed
        ? html`${badge(true, 'Installed')} <span class="muted">since ${shop.installedAt}</span>`
        : html`${badge(false, 'Not installed')} <span class="muted">installs when the admin opens</span>`
    }</dd>
    <dt>Sales channel</dt><dd>${shop.publishedProducts} products published</dd>
    <dt>Live page</dt><dd>${badge(shop.livePage, shop.livePage ? 'Created' : 'Not created')}</dd>
  </dl>

  <h3>Theme</h3>
  <form class="row" method="post" action="${base}/embed">
    <span>Popstage app embed ${badge(shop.embedEnabled, shop.embedEnabled ? 'On' : 'Off')}</span>
    <input type="hidden" name="enabled" value="${String(!shop.embedEnabled)}">
    <button type="submit">${shop.embedEnabled ? 'Switch off' : 'Switch on'}</button>
  </form>

  <h3>Feature flags</h3>
  ${FEATURE_FLAG_NAMES.map((name) => {
    const on = shop.featureFlags[name];
    return html`<form class="row" method="post" action="${base}/flags">
    <span><code>${name}</code> ${badge(on, on ? 'On' : 'Off')}<br><small class="muted">${FLAG_HINTS[name]}</small></span>
    <input type="hidden" name="name" value="${name}">
    <input type="hidden" name="enabled" value="${String(!on)}">
    <button type="submit">${on ? 'Turn off' : 'Turn on'}</button>
  </form>`;
  })}

  <form class="danger-zone" method="post" action="${base}/reset"
    onsubmit="return confirm('Reset this shop to a fresh install? Everything the app stored for it is deleted.')">
    <span>Regenerate the store and delete everything the app stored for this shop.</span>
    <button type="submit" class="danger">Reset to fresh install</button>
  </form>
</section>`;
}

function badge(on: boolean, label: string): Html {
  return html`<span class="badge ${on ? 'on' : 'off'}">${label}</span>`;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f1f1f1;color:#303030}
main{max-width:1100px;margin:0 auto;padding:32px 20px}
header h1{margin:0 0 4px;font-size:22px}
header p,.muted{color:#616161;margin:0}
.notice{background:#cdfee1;border:1px solid #29845a;border-radius:8px;padding:10px 14px;margin:16px 0 0}
.shops{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:20px;margin-top:20px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 0 rgba(0,0,0,.07),0 1px 3px rgba(0,0,0,.12);padding:20px}
.card-head{display:flex;justify-content:space-between;align-items:flex-start;gap:12px}
h2{margin:0;font-size:17px}
h3{font-size:13px;margin:20px 0 6px;text-transform:uppercase;letter-spacing:.04em;color:#616161}
dl{display:grid;grid-template-columns:120px 1fr;gap:6px 12px;margin:16px 0 0}
dt{color:#616161}dd{margin:0;word-break:break-all}
.row,.danger-zone{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:8px 0;border-top:1px solid #ebebeb}
.danger-zone{margin-top:20px;padding-top:14px;border-top:1px solid #e0e0e0;color:#616161}
button,.button{font:inherit;font-weight:600;border:1px solid #c9c9c9;background:#fff;border-radius:8px;padding:6px 12px;cursor:pointer;color:#303030;text-decoration:none;white-space:nowrap}
button:hover,.button:hover{background:#f7f7f7}
.primary{background:#303030;color:#fff;border-color:#303030}.primary:hover{background:#1a1a1a}
.danger{background:#c70a24;color:#fff;border-color:#c70a24}.danger:hover{background:#a30a1f}
.badge{display:inline-block;border-radius:999px;padding:1px 8px;font-size:12px;font-weight:600}
.badge.on{background:#cdfee1;color:#0c5132}.badge.off{background:#ebebeb;color:#4a4a4a}
code{font-size:13px}
a{color:#005bd3}
`;
