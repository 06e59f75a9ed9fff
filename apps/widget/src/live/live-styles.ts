/**
 * The live player's CSS (injected once by the live player; every class prefixed psl-). Mobile
 * first: video, then products and chat below; from 750 px the chat sits beside the video.
 */
export const LIVE_CSS = `
.psl{--psl-accent:#e0115f;font-family:inherit;color:inherit;max-width:1100px;margin:0 auto;padding:8px 0}
.psl *{box-sizing:border-box}
.psl [hidden]{display:none!important}
.psl-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.psl h2{font-size:1.25em;line-height:1.3;margin:0 0 10px}
.psl-wrap{display:flex;flex-direction:column;gap:14px}
.psl-main{position:relative;width:100%}
.psl-slot{position:relative;width:min(100%,440px,calc(78vh * 9 / 16));aspect-ratio:9/16;margin:0 auto}
.psl-wide .psl-slot{width:100%}
.psl-frame{position:absolute;inset:0;background:#000;border-radius:14px;overflow:hidden;color:#fff}
.psl-frame video{position:absolute;inset:0;width:100%;height:100%;object-fit:contain;background:#000}
.psl-btn{font:inherit;cursor:pointer;border:0;border-radius:22px;min-width:44px;min-height:44px;padding:0 12px;background:rgba(0,0,0,.55);color:#fff;font-size:14px;line-height:1;display:inline-flex;align-items:center;justify-content:center;gap:6px}
.psl-icon{width:22px;height:22px;fill:currentColor;flex:none}
.psl-add .psl-icon{width:18px;height:18px}
.psl-sound .psl-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.psl-btn:hover{background:rgba(0,0,0,.75)}
.psl-btn:focus-visible,.psl input:focus-visible,.psl-mark:focus-visible{outline:3px solid #fff;outline-offset:2px;box-shadow:0 0 0 6px #2c6ecb}
.psl-top{position:absolute;left:0;right:0;top:0;display:flex;align-items:center;gap:6px;padding:10px;background:linear-gradient(rgba(0,0,0,.55),transparent);z-index:2}
.psl-badge{font-weight:700;font-size:12px;letter-spacing:.06em;padding:5px 8px;border-radius:6px;background:rgba(0,0,0,.6);text-transform:uppercase}
.psl-badge.psl-on{background:var(--psl-accent)}
.psl-count{font-size:13px;background:rgba(0,0,0,.55);padding:5px 8px;border-radius:6px}
.psl-top .psl-grow{flex:1}
.psl-big{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);z-index:2;font-size:18px;padding:0 22px;min-height:56px;border-radius:28px;white-space:nowrap}
.psl-pin{position:absolute;left:10px;right:10px;bottom:12px;z-index:2;display:flex;gap:10px;align-items:center;background:rgba(255,255,255,.96);color:#111;border-radius:12px;padding:8px;box-shadow:0 4px 18px rgba(0,0,0,.35)}
.psl-replay .psl-pin{bottom:64px}
.psl-pin img,.psl-item img{width:56px;height:56px;object-fit:cover;border-radius:8px;flex:none;background:#eee}
.psl-pin-text,.psl-item-text{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px}
.psl-name{font-size:14px;line-height:1.25;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;color:inherit;text-decoration:none}
.psl-name:hover{text-decoration:underline}
.psl-price{font-weight:700;font-size:14px}
.psl-add{background:#111;color:#fff;white-space:nowrap}
.psl-add:hover{background:#333}
.psl-add[disabled]{opacity:.6;cursor:default}
.psl-soon{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:10px;padding:24px;text-align:center;background:radial-gradient(circle at 50% 30%,#3a1030,#000 75%)}
.psl-soon strong{font-size:1.4em;line-height:1.25}
.psl-soon time{font-size:1.05em;color:#ddd}
.psl-timeline{position:relative;height:28px;margin-top:8px;background:#e7e7e7;border-radius:14px}
.psl-played{position:absolute;left:0;top:0;bottom:0;background:#bbb;border-radius:14px;pointer-events:none}
.psl-mark{position:absolute;top:2px;width:24px;height:24px;margin-left:-12px;border-radius:50%;border:2px solid #fff;background:var(--psl-accent);cursor:pointer;padding:0}
.psl-side{display:flex;flex-direction:column;gap:14px;min-width:0}
.psl-side h3{font-size:1em;margin:0 0 8px}
.psl-items{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.psl-item{display:flex;gap:10px;align-items:center;border:1px solid rgba(127,127,127,.3);border-radius:12px;padding:8px}
.psl-item[aria-current=true]{border-color:var(--psl-accent);box-shadow:0 0 0 1px var(--psl-accent)}
.psl-chat{display:flex;flex-direction:column;border:1px solid rgba(127,127,127,.3);border-radius:12px;overflow:hidden}
.psl-msgs{list-style:none;margin:0;padding:10px;height:220px;overflow-y:auto;display:flex;flex-direction:column;gap:6px;font-size:14px;line-height:1.35}
.psl-msgs b{margin-right:6px}
.psl-msgs .psl-seller b{color:var(--psl-accent)}
.psl-empty{color:#777;font-size:14px}
.psl-form{display:flex;flex-wrap:wrap;gap:6px;padding:8px;border-top:1px solid rgba(127,127,127,.3)}
.psl-form input{font:inherit;font-size:16px;min-height:44px;border:1px solid #999;border-radius:10px;padding:0 10px;min-width:0;background:#fff;color:#111}
.psl-form .psl-who{flex:1 1 100%}
.psl-form .psl-say{flex:1}
.psl-send{background:#111}
.psl-err{flex:1 1 100%;margin:0;color:#b00020;font-size:14px}
.psl-err:empty{display:none}
.psl-status{font-size:13px;min-height:1em}
.psl-mini .psl-frame{position:fixed;inset:auto 12px 12px auto;width:min(42vw,180px);height:auto;aspect-ratio:9/16;z-index:2147483000;box-shadow:0 6px 24px rgba(0,0,0,.45)}
.psl-mini .psl-pin,.psl-mini .psl-count,.psl-mini .psl-sound,.psl-mini .psl-big{display:none}
.psl-mini .psl-top{padding:6px;background:none}
.psl-mini .psl-top .psl-btn{min-width:36px;min-height:36px;padding:0 10px;font-size:12px}
.psl-mini .psl-slot{background:#111;border-radius:14px;display:flex;align-items:center;justify-content:center}
.psl-mini .psl-slot::after{content:attr(data-away);color:#ccc;font-size:14px;padding:16px;text-align:center}
@media (min-width:750px){
.psl-wrap{flex-direction:row;align-items:flex-start}
.psl-main{flex:0 0 auto;width:min(440px,44%,calc(78vh * 9 / 16))}
.psl-main.psl-wide{width:min(640px,58%)}
.psl-sound .psl-label{position:static;width:auto;height:auto;clip:auto}
.psl-side{flex:1}
.psl-msgs{height:320px}
.psl-mini .psl-frame{width:200px}
}
@media (prefers-reduced-motion:no-preference){.psl-frame{transition:box-shadow .2s}}
`;
