/**
 * Rows (carousel, product block) are a 9:16 tile of min(42vw, 200px), a caption and an optional
 * heading. The theme blocks put their height inline as a min-height, so the page does not shift
 * when the row fills: the carousel `calc(min(42vw, 200px) * 16 / 9 + 5em)` (heading included),
 * the product block exactly PRODUCT_ROW_MIN_HEIGHT (@popstage/core, no heading): keep the two in
 * step when the row's sizes change here.
 */
/** The widget's CSS, injected once; every class is prefixed ps- so themes and widget don't clash. */
export const CSS = `
.ps-btn{font:inherit;cursor:pointer;border:0;background:none;color:inherit;padding:0}
.ps-btn:focus-visible,.ps-tile:focus-visible{outline:3px solid #2c6ecb;outline-offset:2px}
.ps-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ps-row{margin:0;padding:8px 0}
.ps-row h2{font-size:1.1em;line-height:1.3;margin:0 0 8px}
.ps-list{display:flex;gap:12px;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:0 0 6px}
.ps-list li{flex:0 0 auto;width:min(42vw,200px);scroll-snap-align:start}
.ps-tile{display:block;width:100%;text-align:left;position:relative}
.ps-box{display:block;position:relative;width:100%;aspect-ratio:9/16;background:#111;border-radius:10px;overflow:hidden}
.ps-box img,.ps-box video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.ps-cap{display:block;margin-top:4px;font-size:.9em;line-height:1.3;height:1.3em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ps-stat{position:absolute;left:6px;bottom:6px;color:#fff;font-size:12px;background:rgba(0,0,0,.55);border-radius:8px;padding:1px 6px}
.ps-float{position:fixed;z-index:2147483000;width:110px;box-shadow:0 4px 16px rgba(0,0,0,.3);border-radius:12px;background:#111}
.ps-float .ps-box{border-radius:12px}
.ps-x{position:absolute;top:-10px;right:-10px;width:28px;height:28px;border-radius:50%;background:#fff;color:#111;box-shadow:0 1px 4px rgba(0,0,0,.4);font-size:18px;line-height:28px;text-align:center;z-index:1}
.ps-play{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#fff;font-size:28px;text-shadow:0 1px 4px #000}
.ps-viewer{position:fixed;inset:0;z-index:2147483001;background:#000;color:#fff;display:flex;flex-direction:column;font-family:system-ui,sans-serif}
.ps-stage{position:relative;flex:1;min-height:0;touch-action:pan-x pan-y}
.ps-stage video{width:100%;height:100%;object-fit:contain;background:#000}
.ps-bar{position:absolute;top:8px;right:8px;display:flex;gap:8px}
.ps-bar .ps-btn,.ps-nav{background:rgba(0,0,0,.55);color:#fff;min-width:44px;min-height:44px;border-radius:22px;padding:0 12px}
.ps-nav{position:absolute;top:50%;transform:translateY(-50%)}
.ps-prev{left:8px}.ps-next{right:8px}
.ps-side{position:absolute;right:8px;bottom:72px;display:flex;flex-direction:column;gap:8px;align-items:center}
.ps-like[aria-pressed=true]{color:#ff4d6d}
.ps-info{padding:8px 12px 12px;max-height:40vh;overflow:auto;background:#111}
.ps-title{margin:0 0 8px;font-size:1em}
.ps-cards{display:flex;gap:8px;overflow-x:auto;list-style:none;margin:0;padding:0}
.ps-card{flex:0 0 auto;display:flex;gap:8px;align-items:center;background:#fff;color:#111;border-radius:8px;padding:6px;max-width:280px}
.ps-card img{width:48px;height:48px;object-fit:cover;border-radius:6px}
.ps-card a{color:inherit;font-weight:600;text-decoration:none}
.ps-buy{background:#111;color:#fff;border-radius:6px;padding:6px 10px;min-height:32px}
.ps-mark{display:block;font-size:11px;opacity:.75;margin-top:8px;color:inherit}
@media (prefers-reduced-motion:no-preference){.ps-float{transition:transform .2s}.ps-stage video{transition:opacity .2s}}
`;
