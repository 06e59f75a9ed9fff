import {
  hideToast,
  markSelectedNav,
  parts,
  renderLoading,
  renderNav,
  renderSaveBar,
  renderTitle,
  shakeSaveBar,
  showToast,
} from './admin-frame-view';
import { EMBED_PARAMS } from './embed-params';
import {
  type AdminMessage,
  type AppMessage,
  isEnvelope,
  type SaveBarState,
  wrap,
} from './protocol';
import { createToastQueue } from './toast-queue';
import { createTokenCache } from './token-cache';

/**
 * The sandbox admin page around the app's iframe: it answers the local App Bridge's messages
 * (tokens, toasts, menu, title, save bar, loading, redirects) as Shopify's admin does.
 */

const {
  shop = '',
  shopName = '',
  appName = '',
  apiKey = '',
  adminBase = '',
  tokenUrl = '',
} = document.body.dataset;
const appUrl = new URL(parts.frame.dataset.appUrl ?? '/', location.href);
const appOrigin = appUrl.origin;
const appBasePath = appUrl.pathname.replace(/\/$/, '');
const token = createTokenCache(async () => {
  const response = await fetch(`${tokenUrl}?shop=${encodeURIComponent(shop)}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The session token request failed (${response.status})`);
  return ((await response.json()) as { token: string }).token;
});

const toasts = createToastQueue({
  show: (toast) => showToast(toast.id, toast.message, toast.isError, () => toasts.hide(toast.id)),
  hide: hideToast,
});
const saveBars = new Map<string, SaveBarState>();
let shownSaveBar: SaveBarState | null = null;
let frameLoading = true;
let appLoading = false;
let homeHref = '/';

function post(message: AdminMessage): void {
  // Never '*': a token must reach only the app's origin, wherever the iframe has navigated.
  parts.frame.contentWindow?.postMessage(wrap(message), appOrigin);
}

/** An app path (`/popclips/list?x=1`) from the iframe's location, without the embed parameters. */
function appPathOf(framePath: string): string {
  const url = new URL(framePath, appUrl);
  for (const name of EMBED_PARAMS) url.searchParams.delete(name);
  let path = url.pathname;
  if (path === appBasePath || path.startsWith(`${appBasePath}/`)) {
    path = path.slice(appBasePath.length) || '/';
  }
  return path + url.search + url.hash;
}

function adminHref(appHref: string): string {
  const path = appPathOf(appHref);
  return path === '/' ? adminBase : `${adminBase}${path}`;
}

function renderLoadingState(): void {
  renderLoading(frameLoading || appLoading);
}

async function answerIdToken(requestId: number, appApiKey: string): Promise<void> {
  // Tokens carry this app's key as `aud`; another key would only get 401s from the server.
  if (appApiKey !== apiKey) {
    const message = `App Bridge's API key "${appApiKey}" is not this app's key`;
    post({ kind: 'idTokenError', requestId, message });
    return;
  }
  try {
    post({ kind: 'idToken', requestId, token: await token() });
  } catch (error) {
    post({ kind: 'idTokenError', requestId, message: (error as Error).message });
  }
}

function receive(message: AppMessage): void {
  switch (message.kind) {
    case 'ready':
      // A page unloads without telling its elements: forget its save bar and loading state.
      saveBars.clear();
      shownSaveBar = renderSaveBar(saveBars.values());
      appLoading = false;
      renderLoadingState();
      break;
    case 'idToken':
      void answerIdToken(message.requestId, message.apiKey);
      break;
    case 'toast':
      toasts.show(message);
      break;
    case 'toastHide':
      toasts.hide(message.id);
      break;
    case 'nav':
      homeHref = message.home?.href ?? '/';
      parts.navApp.href = adminHref(homeHref);
      renderNav(message.items, adminHref);
      markSelectedNav(location.pathname);
      break;
    case 'title':
      renderTitle(message.title, appName, shopName);
      break;
    case 'saveBar':
      saveBars.set(message.state.id, message.state);
      shownSaveBar = renderSaveBar(saveBars.values());
      break;
    case 'location':
      // replaceState: the iframe's own history entries already make Back work.
      history.replaceState(null, '', adminHref(message.path));
      markSelectedNav(location.pathname);
      break;
    case 'redirect': {
      const url = new URL(message.url);
      if (url.protocol === 'https:' || url.protocol === 'http:') location.assign(url);
      break;
    }
    case 'loading':
      appLoading = message.on;
      renderLoadingState();
      break;
  }
}

window.addEventListener('message', (event) => {
  if (event.source !== parts.frame.contentWindow || event.origin !== appOrigin) return;
  if (isEnvelope<AppMessage>(event.data)) receive(event.data);
});

function navigateApp(appHref: string): void {
  document.body.classList.remove('nav-open');
  if (shownSaveBar) shakeSaveBar();
  else post({ kind: 'navigate', href: appHref });
}

parts.navItems.addEventListener('click', (event) => {
  const anchor = (event.target as Element).closest<HTMLAnchorElement>('a[data-app-href]');
  if (!anchor || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  navigateApp(anchor.dataset.appHref ?? '/');
});
parts.navApp.addEventListener('click', (event) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  navigateApp(homeHref);
});
parts.menuToggle.addEventListener('click', () => {
  const open = document.body.classList.toggle('nav-open');
  parts.menuToggle.setAttribute('aria-expanded', String(open));
});
for (const [button, action] of [
  [parts.save, 'save'],
  [parts.discard, 'discard'],
] as const) {
  button.addEventListener('click', () => {
    if (shownSaveBar) post({ kind: 'saveBarAction', id: shownSaveBar.id, action });
  });
}
parts.frame.addEventListener('load', () => {
  frameLoading = false;
  renderLoadingState();
});
renderLoadingState();
// The app is loaded only now that the listener above hears it, so no early message is lost.
parts.frame.src = parts.frame.dataset.src ?? 'about:blank';
