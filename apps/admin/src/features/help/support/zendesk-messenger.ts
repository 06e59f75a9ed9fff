/**
 * Zendesk's messaging Web Widget, fetched from Zendesk's CDN on first use and only inside
 * Shopify (the sandbox has its own form). The user is logged in with our server's JWT; Zendesk
 * asks again through the same callback when the token expires, so it fetches a fresh one.
 * https://developer.zendesk.com/api-reference/widget-messaging/web/authentication/
 */
export const ZENDESK_SNIPPET_SRC = 'https://static.zdassets.com/ekr/snippet.js';

type ZendeskApi = (...args: unknown[]) => void;
type WithZendesk = Window & { zE?: ZendeskApi };

let loading: Promise<ZendeskApi> | null = null;

function loadSnippet(win: WithZendesk, key: string): Promise<ZendeskApi> {
  if (win.zE) return Promise.resolve(win.zE);
  loading ??= new Promise<ZendeskApi>((resolve, reject) => {
    const script = win.document.createElement('script');
    // Zendesk's snippet looks itself up by this id.
    script.id = 'ze-snippet';
    script.src = `${ZENDESK_SNIPPET_SRC}?key=${encodeURIComponent(key)}`;
    script.async = true;
    script.addEventListener('load', () =>
      win.zE ? resolve(win.zE) : reject(new Error('The support widget did not start')),
    );
    script.addEventListener('error', () => {
      loading = null;
      reject(new Error('The support widget could not be loaded'));
    });
    win.document.body.append(script);
  });
  return loading;
}

export async function openZendeskMessenger(
  key: string,
  getJwt: () => Promise<string>,
  win: WithZendesk = window,
): Promise<void> {
  const zE = await loadSnippet(win, key);
  zE('messenger', 'loginUser', (callback: (jwt: string) => void) => {
    getJwt().then(callback, (error: unknown) => console.warn('Support login failed', error));
  });
  zE('messenger', 'open');
}
