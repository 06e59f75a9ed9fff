import { LivePlayer } from './player';

/**
 * Entry of dist/popstage-live.js (/storefront/v1/live.js), fetched by the loader when the page has
 * a live-show block ([data-popstage-live], extensions/popstage/blocks/live-show.liquid). The API is
 * on the script's own origin; the shop comes from data-shop.
 */
function boot(): void {
  const w = window as unknown as { PopstageLive?: LivePlayer[] };
  if (w.PopstageLive) return;
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[data-shop][src*="/storefront/v1/live.js"]');
  const shop = script?.dataset.shop;
  if (!shop || !script?.src) return;
  const origin = new URL(script.src, location.href).origin;
  const players = Array.from(document.querySelectorAll<HTMLElement>('[data-popstage-live]')).map(
    (root) => new LivePlayer(root, { origin, shop }),
  );
  w.PopstageLive = players;
  for (const player of players) void player.start();
}

if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', boot, { once: true });
else boot();
