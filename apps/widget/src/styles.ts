/**
 * The featured bubble's rules: the app embed (extensions/popstage/blocks/app-embed.liquid) inlines
 * them, line for line (a test compares), so the bubble it renders in the page is drawn before the
 * loader runs.
 */
export const BUBBLE_CSS = `
.ps-btn{font:inherit;cursor:pointer;border:0;background:none;color:inherit;padding:0}
.ps-btn:focus-visible,.ps-tile:focus-visible{outline:3px solid #2c6ecb;outline-offset:2px}
.ps-tile{display:block;width:100%;text-align:left;position:relative}
.ps-box{display:block;position:relative;width:100%;aspect-ratio:9/16;background:#111;border-radius:10px;overflow:hidden}
.ps-box img,.ps-box video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.ps-float{position:fixed;z-index:2147483000;width:110px;box-shadow:0 4px 16px rgba(0,0,0,.3);border-radius:12px;background:#111}
.ps-float .ps-box{border-radius:12px}
.ps-x{position:absolute;top:-10px;right:-10px;width:28px;height:28px;border-radius:50%;background:#fff;color:#111;box-shadow:0 1px 4px rgba(0,0,0,.4);font-size:18px;line-height:28px;text-align:center;z-index:1}
.ps-play{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#fff;font-size:28px;text-shadow:0 1px 4px #000}
`;

/**
 * Rows (carousel, product block) are a 9:16 tile of min(42vw, 200px), a caption and an optional
 * heading. The theme blocks put their height inline as a min-height, so the page does not shift
 * when the row fills: the carousel `calc(min(42vw, 200px) * 16 / 9 + 5em)` (heading included),
 * the product block exactly PRODUCT_ROW_MIN_HEIGHT (@popstage/core, no heading): keep the two in
 * step when the row's sizes change here.
 *
 * The widget's CSS, injected once; every class is prefixed ps- so themes and widget don't clash.
 */
export const CSS = `${BUBBLE_CSS}
.ps-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ps-row{margin:0;padding:8px 0}
.ps-row h2{font-size:1.1em;line-height:1.3;margin:0 0 8px}
.ps-list{display:flex;gap:12px;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:0 0 6px}
.ps-list li{flex:0 0 auto;width:min(42vw,200px);scroll-snap-align:start}
.ps-cap{display:block;margin-top:4px;font-size:.9em;line-height:1.3;height:1.3em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ps-stat{position:absolute;left:6px;bottom:6px;color:#fff;font-size:12px;background:rgba(0,0,0,.55);border-radius:8px;padding:1px 6px}
@media (prefers-reduced-motion:no-preference){.ps-float{transition:transform .2s}.ps-stage video{transition:opacity .2s}}
`;

/**
 * The viewer's CSS: injected by the player (not the loader, which draws only the bubble and
 * must stay under 10,000 bytes).
 */
export const VIEWER_CSS = `
.ps-viewer{position:fixed;inset:0;z-index:2147483001;background:#000;color:#fff;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:15px;line-height:1.4}
.ps-stage{position:relative;flex:1;min-height:0;display:flex;flex-direction:column;touch-action:pan-x pan-y}
.ps-stage video{flex:1;min-height:0;width:100%;object-fit:contain;background:#000}
.ps-stage video::cue{font-size:1.05em;background:rgba(0,0,0,.75)}
.ps-bar{order:-1;flex:none;display:flex;justify-content:flex-end;gap:6px;padding:6px 8px;background:#000}
.ps-bar svg{width:20px;height:20px;vertical-align:middle;fill:currentColor}
.ps-bar .ps-btn,.ps-nav{background:rgba(255,255,255,.14);color:#fff;min-width:44px;min-height:44px;border-radius:22px;padding:0 12px;font-size:16px}
.ps-bar .ps-btn:hover,.ps-nav:hover{background:rgba(255,255,255,.26)}
.ps-viewer .ps-btn:focus-visible{outline:3px solid #fff;outline-offset:2px;box-shadow:0 0 0 6px #2c6ecb}
.ps-cc[aria-pressed=false]{opacity:.6;text-decoration:line-through}
.ps-nav{position:absolute;top:50%;transform:translateY(-50%);background:rgba(0,0,0,.55)}
.ps-prev{left:8px}.ps-next{right:8px}
.ps-side{position:absolute;right:8px;bottom:110px;display:flex;flex-direction:column;gap:8px;align-items:center}
.ps-side .ps-btn{background:rgba(0,0,0,.55);min-width:44px;min-height:44px;border-radius:22px;padding:0 10px}
.ps-like[aria-pressed=true]{color:#ff4d6d}
.ps-count{font-size:12px;color:#fff;text-shadow:0 1px 2px #000;margin-top:-4px}
.ps-info{flex:none;padding:12px 12px 16px;max-height:42vh;overflow:auto;background:#111}
.ps-info p{margin:0 0 8px;color:#bbb;font-size:13px}
.ps-title{margin:0 0 6px;font-size:16px;line-height:1.3}
.ps-cards{display:flex;gap:10px;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:0 0 4px}
.ps-card{flex:0 0 min(88%,340px);scroll-snap-align:start;display:grid;grid-template-columns:56px minmax(0,1fr) auto;gap:10px;align-items:center;background:#fff;color:#111;border-radius:12px;padding:8px 10px 8px 8px;min-height:72px;box-sizing:border-box}
.ps-card img{width:56px;height:56px;object-fit:cover;border-radius:8px;display:block}
.ps-card>span{min-width:0;font-size:14px}
.ps-noimg{width:56px;height:56px;border-radius:8px;background:#ddd}
.ps-card a{color:inherit;font-weight:600;text-decoration:none;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.ps-card a:hover{text-decoration:underline}
.ps-card br{display:none}
.ps-card>span>span{display:block;margin-top:2px}
.ps-buy{white-space:nowrap;background:#111;color:#fff;border-radius:999px;padding:0 16px;min-height:40px;font-weight:600;font-size:14px}
.ps-buy:disabled{opacity:.7}
.ps-mark{display:inline-block;font-size:11px;opacity:.75;margin-top:10px;color:inherit}
@media (min-width:750px){
.ps-viewer{flex-direction:row;align-items:center;justify-content:center;background:rgba(0,0,0,.88);padding:24px 72px}
.ps-stage{flex:none;height:min(calc(100vh - 48px),860px);aspect-ratio:9/16;border-radius:16px 0 0 16px;overflow:hidden;background:#000}
.ps-bar{position:fixed;top:12px;right:12px;flex-direction:column;background:none;padding:0}
.ps-info{flex:none;display:flex;flex-direction:column;width:360px;height:min(calc(100vh - 48px),860px);max-height:none;box-sizing:border-box;padding:24px 20px;background:#fff;color:#111;border-radius:0 16px 16px 0}
.ps-info p{color:#616161}
.ps-title{font-size:18px;margin-bottom:8px}
.ps-cards{flex-direction:column;overflow:visible;gap:10px;padding:0;margin-top:8px}
.ps-card{flex:none;width:100%;background:#f4f4f4}
.ps-mark{margin-top:auto;padding-top:12px;color:#616161}
.ps-nav{position:fixed}
.ps-prev{left:16px}.ps-next{right:16px}
}
`;
