import { Widget } from './widget';

/**
 * Entry of dist/popstage.js, loaded as
 * <script src="{APP_URL}/storefront/v1/widget.js" data-shop="{shop}" defer></script>.
 * The API lives on the script's own origin; the shop comes from data-shop (or, on the sandbox
 * storefront, from the #popstage-app-embed marker).
 */
function boot(): void {
  const w = window as unknown as { Popstage?: Widget };
  if (w.Popstage) return;
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[data-shop][src*="/storefront/v1/"]');
  const shop =
    script?.dataset.shop ?? document.getElementById('popstage-app-embed')?.dataset.shop ?? '';
  if (!shop) return;
  const origin = script?.src ? new URL(script.src, location.href).origin : location.origin;
  const widget = new Widget({ origin, shop });
  w.Popstage = widget;
  // The loader awaits `ready` before it asks the player to open a clip.
  widget.ready = new Promise<void>((resolve) => {
    const start = () => void widget.start().finally(resolve);
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  });
}

boot();
