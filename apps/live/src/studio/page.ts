/** The studio page: static HTML; studio.js fills it from the studio API. */
export function studioPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Studio · Popstage Live</title>
<style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f1f1f1;color:#303030}
main{max-width:1100px;margin:0 auto;padding:24px 16px;display:grid;gap:16px}
section{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:16px}
h1,h2{margin:0 0 8px}ul{padding-left:18px}video{width:100%;max-width:560px;background:#111;border-radius:8px}
button{font:inherit;padding:6px 12px;border-radius:8px;border:1px solid #8a8a8a;background:#fff;cursor:pointer}
button:disabled{opacity:.5;cursor:default}.primary{background:#303030;color:#fff}
#status{min-height:1.5em;font-weight:600}code{word-break:break-all}
#products{list-style:none;padding:0;display:grid;gap:8px}
.product{display:flex;align-items:center;gap:8px}
.product img,.no-image{width:48px;height:48px;object-fit:cover;border-radius:6px;background:#e3e3e3;flex:none}
</style></head>
<body><main>
<header><h1>Studio</h1><p><span id="store"></span></p><p id="status" role="status" aria-live="polite"></p></header>
<section aria-labelledby="shows-title"><h2 id="shows-title">Your shows</h2><ul id="shows"></ul></section>
<section id="show" hidden aria-labelledby="show-title">
  <h2 id="show-title"></h2>
  <p><span id="show-status"></span> · <span id="viewers">0 watching</span></p>
  <video id="preview" muted playsinline autoplay aria-label="Camera preview"></video>
  <p><button type="button" id="preview-camera">Preview camera</button>
  <button type="button" id="go-live" class="primary">Go live</button>
  <button type="button" id="end">End show</button></p>
  <h3>Products</h3>
  <ul id="products"></ul>
  <h3>Chat</h3>
  <ul id="chat" aria-live="polite"></ul>
  <form id="chat-form"><label>Message <input id="chat-text" maxlength="300" autocomplete="off"></label>
  <button type="submit">Send</button></form>
  <h3>Stream from OBS</h3>
  <p id="rtmp"></p>
</section>
</main><script src="../studio-assets/studio.js"></script></body></html>`;
}
