import { Html, html } from '../web/html';

/**
 * The preview as a phone receiving push notifications: it registers with the app's public
 * device API as a `sandbox` device (its token kept in localStorage, as a phone keeps its push
 * token), polls the sandbox push service's inbox, and shows each notification as a banner;
 * a tap reports the open and follows the notification's route.
 */
export const pushBannerCss = `
  .push-banner { position: fixed; top: 8px; left: 50%; transform: translateX(-50%); width: 355px; max-width: calc(100vw - 20px); box-sizing: border-box;
    background: rgba(250,250,250,.97); color: #1a1a1a; border-radius: 14px; box-shadow: 0 6px 24px rgba(0,0,0,.25); padding: 10px 12px;
    display: flex; gap: 10px; align-items: flex-start; cursor: pointer; z-index: 10; font-size: 14px; border: 0; text-align: left; font-family: inherit; }
  .push-banner .icon { width: 36px; height: 36px; border-radius: 8px; flex: none; }
  .push-banner .app { font-size: 12px; color: #6b6b6b; display: flex; justify-content: space-between; }
  .push-banner strong { display: block; margin: 2px 0; }
  .push-status { font-size: 11px; color: #6b6b6b; text-align: center; padding: 4px; }
  video.clip { width: 100%; border-radius: 8px; background: #000; }
`;

/** JSON inside an inline <script>: '<' escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function pushDeviceScript(options: {
  shop: string;
  appId: string;
  appUrl: string;
  base: string;
  appName: string;
  iconColour: string;
}): Html {
  const settings = scriptJson({
    ...options,
    api: `${options.appUrl.replace(/\/$/, '')}/mobile/v1/apps/${options.appId}`,
  });
  return html`<div class="push-status" data-push-status>Registering for notifications…</div>
<script>(() => {
  const s = ${new Html(settings)};
  const key = 'popstage-sandbox-device:' + s.shop;
  let token = localStorage.getItem(key);
  if (!token) { token = 'sandbox-' + crypto.randomUUID(); localStorage.setItem(key, token); }
  const seenKey = key + ':seen';
  const status = document.querySelector('[data-push-status]');
  const post = (path, body) => fetch(s.api + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const hrefOf = (route) => {
    const m = route ? /^\\/(collections|products|popclips)\\/([^/?#]+)$/.exec(route) : null;
    if (!m) return s.base + '?screen=home';
    if (m[1] === 'popclips') return s.base + '?screen=popclip&clip=' + encodeURIComponent(m[2]);
    return s.base + '?screen=' + (m[1] === 'products' ? 'product' : 'collection') + '&handle=' + encodeURIComponent(m[2]);
  };
  const show = (item) => {
    const banner = document.createElement('button');
    banner.type = 'button';
    banner.className = 'push-banner';
    banner.setAttribute('data-push-banner', item.notificationId);
    const icon = document.createElement('span'); icon.className = 'icon'; icon.style.background = s.iconColour;
    const text = document.createElement('span'); text.style.flex = '1';
    const app = document.createElement('span'); app.className = 'app';
    app.append(document.createTextNode(s.appName), Object.assign(document.createElement('span'), { textContent: 'now' }));
    const title = document.createElement('strong'); title.textContent = item.title;
    const body = document.createElement('span'); body.textContent = item.body;
    text.append(app, title, body);
    banner.append(icon, text);
    banner.addEventListener('click', async () => {
      await post('/notifications/' + item.notificationId + '/opened', { token, openToken: item.openToken || '' }).catch(() => {});
      location.href = hrefOf(item.route);
    });
    document.querySelectorAll('.push-banner').forEach((old) => old.remove());
    document.body.append(banner);
  };
  const poll = async () => {
    try {
      const answer = await post('/sandbox-inbox', { token, after: Number(localStorage.getItem(seenKey) || 0) });
      if (answer.ok) {
        for (const item of (await answer.json()).items) {
          localStorage.setItem(seenKey, String(item.seq));
          show(item);
        }
      }
    } finally {
      setTimeout(poll, 2000);
    }
  };
  post('/devices', { platform: 'sandbox', token }).then((answer) => {
    status.textContent = answer.ok ? 'Notifications on (sandbox device)' : 'Notifications unavailable (' + answer.status + ')';
    status.setAttribute('data-push-registered', String(answer.ok));
    if (answer.ok) poll();
  });
})();</script>`;
}
