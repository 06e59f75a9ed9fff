import { escapeHtml } from '@popstage/core/html';
export interface AdminPageInput {
  shop: string;
  shopName: string;
  appName: string;
  apiKey: string;
  /** Where this plugin is mounted (`/sandbox`), for its own scripts and token route. */
  prefix: string;
  /** The admin URL of the app's home (`/sandbox/store/<shop>/apps/popstage`). */
  adminBase: string;
  /** The app's URL for this shop, which the iframe's app paths are relative to. */
  appUrl: string;
  /** The iframe's first URL (deep path, `shop`, `host`, `embedded=1`). */
  frameUrl: string;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase());
  return letters.join('') || '?';
}

/**
 * A minimal Shopify admin around the app: top bar with the shop, the app's menu on the left, the
 * title bar, a contextual save bar, toasts and a loading bar, all filled in by frame.js. The
 * iframe gets its src from frame.js once it listens, so no early App Bridge message is lost.
 */
export function renderAdminPage(input: AdminPageInput): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(input.appName)} · ${e(input.shopName)}</title>
<link rel="stylesheet" href="${e(input.prefix)}/admin/frame.css">
<script src="${e(input.prefix)}/admin/frame.js" defer></script>
</head>
<body data-shop="${e(input.shop)}" data-shop-name="${e(input.shopName)}" data-app-name="${e(input.appName)}" data-api-key="${e(input.apiKey)}" data-admin-base="${e(input.adminBase)}" data-token-url="${e(input.prefix)}/admin/session-token">
<header class="top-bar">
  <button type="button" id="menu-toggle" class="menu-toggle" aria-label="Menu" aria-expanded="false" aria-controls="nav">
    <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3 5h14M3 10h14M3 15h14" /></svg>
  </button>
  <span class="logo" aria-hidden="true">S</span>
  <span class="logo-text">Sandbox admin</span>
  <span class="shop" title="${e(input.shop)}"><span class="avatar" aria-hidden="true">${e(initials(input.shopName))}</span><span class="shop-name">${e(input.shopName)}</span></span>
</header>
<div id="save-bar" class="save-bar" role="region" aria-label="Unsaved changes" hidden>
  <span class="save-bar-message">Unsaved changes</span>
  <span class="save-bar-actions">
    <button type="button" id="save-bar-discard" class="button">Discard</button>
    <button type="button" id="save-bar-save" class="button button-primary">Save</button>
  </span>
</div>
<nav id="nav" class="nav" aria-label="Apps">
  <p class="nav-heading">Apps</p>
  <a id="nav-app" class="nav-app" href="${e(input.adminBase)}"><span class="app-icon" aria-hidden="true">${e(initials(input.appName))}</span>${e(input.appName)}</a>
  <ul id="nav-items" class="nav-items"></ul>
</nav>
<main class="main">
  <div id="loading-bar" class="loading-bar" role="progressbar" aria-label="Loading" aria-hidden="true"></div>
  <div class="title-bar"><span class="app-icon" aria-hidden="true">${e(initials(input.appName))}</span><h1 id="title">${e(input.appName)}</h1></div>
  <iframe id="app-frame" class="app-frame" title="${e(input.appName)}" data-src="${e(input.frameUrl)}" data-app-url="${e(input.appUrl)}"></iframe>
</main>
<div id="toasts" class="toasts" aria-live="polite"></div>
</body>
</html>
`;
}
