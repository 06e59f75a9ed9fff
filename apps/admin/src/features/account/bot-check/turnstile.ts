/** Cloudflare Turnstile, loaded from its CDN on first use (explicit rendering, no auto-scan). */
export const TURNSTILE_SRC =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const TIMEOUT_MS = 30_000;

interface TurnstileOptions {
  sitekey: string;
  appearance: 'interaction-only';
  callback(token: string): void;
  'error-callback'(): void;
  'timeout-callback'(): void;
}

interface TurnstileGlobal {
  render(container: HTMLElement, options: TurnstileOptions): string;
  remove(widgetId: string): void;
}

type WithTurnstile = Window & { turnstile?: TurnstileGlobal };

let loading: Promise<TurnstileGlobal> | null = null;

function loadTurnstile(win: WithTurnstile): Promise<TurnstileGlobal> {
  if (win.turnstile) return Promise.resolve(win.turnstile);
  loading ??= new Promise<TurnstileGlobal>((resolve, reject) => {
    const script = win.document.createElement('script');
    script.src = TURNSTILE_SRC;
    script.async = true;
    script.addEventListener('load', () =>
      win.turnstile ? resolve(win.turnstile) : reject(new Error('Turnstile did not start')),
    );
    script.addEventListener('error', () => {
      loading = null;
      reject(new Error('Turnstile could not be loaded'));
    });
    win.document.head.append(script);
  });
  return loading;
}

/**
 * Runs one challenge and resolves with its token. `interaction-only` keeps the widget invisible
 * unless Cloudflare needs the visitor to click; the widget is removed once it has answered.
 */
export async function runTurnstile(siteKey: string, win: WithTurnstile = window): Promise<string> {
  const turnstile = await loadTurnstile(win);
  const container = win.document.createElement('div');
  container.style.cssText = 'position:fixed;bottom:16px;right:16px;z-index:1000';
  win.document.body.append(container);
  let widgetId: string | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = win.setTimeout(() => reject(new Error('Turnstile timed out')), TIMEOUT_MS);
      const fail = () => {
        win.clearTimeout(timer);
        reject(new Error('Turnstile failed'));
      };
      widgetId = turnstile.render(container, {
        sitekey: siteKey,
        appearance: 'interaction-only',
        callback: (token) => {
          win.clearTimeout(timer);
          resolve(token);
        },
        'error-callback': fail,
        'timeout-callback': fail,
      });
    });
  } finally {
    if (widgetId) turnstile.remove(widgetId);
    container.remove();
  }
}
