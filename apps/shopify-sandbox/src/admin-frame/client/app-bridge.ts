import { defineElements, UiSaveBar, visibleSaveBars } from './app-bridge-elements';
import { type AdminMessage, type AppMessage, isEnvelope, wrap } from './protocol';

/**
 * The local App Bridge: what Popstage uses of Shopify's App Bridge (`window.shopify` and its
 * custom elements), for an app embedded in the sandbox admin frame. It must be a classic script
 * placed after `<meta name="shopify-api-key">`, and defines `window.shopify` synchronously.
 * Everything the admin draws or decides goes to the parent page by postMessage.
 */

const TOKEN_TIMEOUT_MS = 10_000;
const DEFAULT_TOAST_MS = 5_000;
const CONFIG_KEY = 'popstage-sandbox-app-bridge-config';

interface Config {
  apiKey: string;
  shop: string;
  host: string;
}

// The admin is whoever served this script, as Shopify's admin is whoever serves App Bridge from
// its CDN: messages are sent to and accepted from that origin only.
const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src;
const adminOrigin = scriptSrc ? new URL(scriptSrc).origin : '';
const embedded = window.parent !== window && adminOrigin !== '';

function readConfig(): Config {
  const params = new URLSearchParams(location.search);
  const apiKey =
    document.querySelector<HTMLMetaElement>('meta[name="shopify-api-key"]')?.content ?? '';
  let stored: Partial<Config> = {};
  try {
    // The app's own navigations drop `?shop=&host=`; a reload of the iframe keeps the first values.
    stored = JSON.parse(sessionStorage.getItem(CONFIG_KEY) ?? '{}') as Partial<Config>;
  } catch {}
  const config = {
    apiKey,
    shop: params.get('shop') ?? stored.shop ?? '',
    host: params.get('host') ?? stored.host ?? '',
  };
  try {
    sessionStorage.setItem(CONFIG_KEY, JSON.stringify(config));
  } catch {}
  return config;
}

function send(message: AppMessage): void {
  if (embedded) window.parent.postMessage(wrap(message), adminOrigin);
}

const pendingTokens = new Map<number, { resolve(token: string): void; reject(e: Error): void }>();
let nextRequestId = 1;

function idToken(config: Config): Promise<string> {
  if (!embedded) return Promise.reject(new Error('App Bridge: the app is not in the admin frame'));
  const requestId = nextRequestId++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pendingTokens.delete(requestId);
      reject(new Error('App Bridge: the admin did not answer the ID token request'));
    }, TOKEN_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      pendingTokens.delete(requestId);
    };
    pendingTokens.set(requestId, {
      resolve: (token) => {
        settle();
        resolve(token);
      },
      reject: (error) => {
        settle();
        reject(error);
      },
    });
    send({ kind: 'idToken', requestId, apiKey: config.apiKey });
  });
}

function currentPath(): string {
  return location.pathname + location.search + location.hash;
}

/** A nav click in the admin: a same-document navigation the app's router follows (popstate). */
function navigate(href: string): void {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin) return;
  history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
}

function receive(event: MessageEvent): void {
  if (event.source !== window.parent || event.origin !== adminOrigin) return;
  if (!isEnvelope<AdminMessage>(event.data)) return;
  const message = event.data;
  switch (message.kind) {
    case 'idToken':
      pendingTokens.get(message.requestId)?.resolve(message.token);
      break;
    case 'idTokenError':
      pendingTokens.get(message.requestId)?.reject(new Error(message.message));
      break;
    case 'saveBarAction': {
      const bar = document.getElementById(message.id);
      if (bar instanceof UiSaveBar) bar.press(message.action);
      break;
    }
    case 'navigate':
      navigate(message.href);
      break;
  }
}

/** The admin keeps the app's path in its own URL, so it hears of every history change. */
function reportLocationChanges(): void {
  const report = () => send({ kind: 'location', path: currentPath() });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      report();
    };
  }
  window.addEventListener('popstate', report);
  window.addEventListener('hashchange', report);
  report();
}

/** `window.open(url, '_top')` would navigate only the iframe's view of the top; the admin does it. */
function routeTopLevelOpens(): void {
  const nativeOpen = window.open.bind(window);
  window.open = (url?: string | URL, target?: string, features?: string) => {
    if (target !== '_top' && target !== '_parent') return nativeOpen(url, target, features);
    send({ kind: 'redirect', url: new URL(String(url ?? ''), location.href).href });
    return null;
  };
}

function install(): void {
  const config = readConfig();
  let nextToastId = 1;
  const shopify = {
    config,
    environment: { embedded, mobile: false, pos: false },
    origin: adminOrigin,
    idToken: () => idToken(config),
    toast: {
      show(message: string, options: { duration?: number; isError?: boolean } = {}): string {
        const id = `toast-${nextToastId++}`;
        send({
          kind: 'toast',
          id,
          message,
          duration: options.duration ?? DEFAULT_TOAST_MS,
          isError: options.isError ?? false,
        });
        return id;
      },
      hide(id: string): void {
        send({ kind: 'toastHide', id });
      },
    },
    saveBar: {
      show: (id: string) => setSaveBar(id, true),
      hide: (id: string) => setSaveBar(id, false),
      toggle: (id: string) => setSaveBar(id, !visibleSaveBars.has(id)),
    },
    loading(on = true): void {
      send({ kind: 'loading', on });
    },
  };
  Object.assign(window, { shopify });

  send({ kind: 'ready' });
  defineElements(send);
  if (!embedded) return;
  window.addEventListener('message', receive);
  reportLocationChanges();
  routeTopLevelOpens();
}

function setSaveBar(id: string, visible: boolean): Promise<void> {
  const bar = document.getElementById(id);
  if (bar instanceof UiSaveBar) return visible ? bar.show() : bar.hide();
  // Not rendered yet: the element reports the visibility once it connects.
  if (visible) visibleSaveBars.add(id);
  else visibleSaveBars.delete(id);
  return Promise.resolve();
}

if (!('shopify' in window)) install();
