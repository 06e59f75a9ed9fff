/**
 * The seller studio (issue 32): the seller's shows, the camera preview, Go live (MediaRecorder
 * WebM chunks every 200 ms over a WebSocket), End show, pins, chat moderation, the viewer count,
 * and the RTMP address for OBS. Plain DOM; the studio token comes in the page's fragment.
 */

/** How often MediaRecorder hands the socket a chunk of the broadcast. */
const RECORDER_TIMESLICE_MS = 200;

interface Show {
  id: string;
  title: string;
  startsAt: string;
  status: 'scheduled' | 'live' | 'ended';
  productIds: string[];
  /** Titles and pictures as the app sent them when scheduling. */
  products: Product[];
  replay: { durationSeconds: number } | null;
}
interface Product {
  id: string;
  title: string;
  imageUrl: string | null;
}
interface Message {
  id: string;
  name: string;
  text: string;
  seller: boolean;
  viewerId: string | null;
}
interface State {
  status: Show['status'];
  productIds: string[];
  pinned: string | null;
  viewers: number;
  chat: Message[];
}

const token = new URLSearchParams(location.hash.slice(1)).get('key') ?? '';
const sellerId = decodeURIComponent(location.pathname.split('/studio/')[1] ?? '');
const base = `${location.origin}${location.pathname.split('/studio/')[0]}`;
const api = (path: string) => `${base}/v1/studio/${encodeURIComponent(sellerId)}${path}`;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(api(path), {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(body.message ?? `The studio could not do that (${response.status}).`);
  return body as T;
}

function say(message: string) {
  $('status').textContent = message;
}

let shows: Show[] = [];
let current: Show | null = null;
let camera: MediaStream | null = null;
let recorder: MediaRecorder | null = null;
let socket: WebSocket | null = null;
let poll: number | undefined;

async function loadShows() {
  const answer = await call<{ storeName: string; shows: Show[] }>('/shows');
  shows = answer.shows;
  $('store').textContent = answer.storeName;
  const list = $('shows');
  list.replaceChildren(
    ...(shows.length === 0
      ? [el('li', {}, 'No shows yet. Schedule one on the Live page of the Popstage app.')]
      : shows.map((show) =>
          el(
            'li',
            {},
            el(
              'button',
              { type: 'button', onclick: () => void select(show.id) },
              `${show.title} · ${new Date(show.startsAt).toLocaleString()} · ${label(show.status)}`,
            ),
          ),
        )),
  );
  const pick =
    current?.id ??
    (shows.find((s) => s.status === 'live') ?? shows.find((s) => s.status === 'scheduled'))?.id;
  if (pick) await select(pick);
}

const label = (status: Show['status']) =>
  status === 'live' ? 'Live' : status === 'ended' ? 'Ended' : 'Scheduled';

async function select(showId: string) {
  current = shows.find((s) => s.id === showId) ?? null;
  if (!current) return;
  $('show').hidden = false;
  $('show-title').textContent = current.title;
  const rtmp = await call<{ url: string | null; streamKey: string }>(`/shows/${showId}/rtmp`);
  $('rtmp').replaceChildren(
    rtmp.url
      ? el(
          'span',
          {},
          'Server: ',
          el('code', {}, rtmp.url),
          ' · Stream key: ',
          el('code', {}, rtmp.streamKey),
        )
      : 'Streaming from OBS is not set up on this server.',
  );
  clearInterval(poll);
  await refresh();
  poll = window.setInterval(() => void refresh().catch(() => {}), 2000);
}

async function refresh() {
  if (!current) return;
  const state = await call<State>(`/shows/${current.id}`);
  current.status = state.status;
  $('show-status').textContent = label(state.status);
  $('viewers').textContent = `${state.viewers} watching`;
  ($('go-live') as HTMLButtonElement).disabled =
    state.status !== 'scheduled' && !(state.status === 'live' && !recorder);
  ($('end') as HTMLButtonElement).disabled = state.status !== 'live';
  const snapshot = new Map(current.products.map((product) => [product.id, product]));
  $('products').replaceChildren(
    ...state.productIds.map((productId) => {
      const pinned = state.pinned === productId;
      const product = snapshot.get(productId) ?? {
        id: productId,
        title: productId,
        imageUrl: null,
      };
      const button = el(
        'button',
        {
          type: 'button',
          disabled: state.status !== 'live',
          onclick: () => void act(() => pin(pinned ? null : productId)),
        },
        pinned ? 'Unpin' : 'Pin',
      );
      // Several products share the visible word: the accessible name says which one.
      button.setAttribute('aria-label', `${pinned ? 'Unpin' : 'Pin'} ${product.title}`);
      return el(
        'li',
        { className: 'product' },
        product.imageUrl
          ? el('img', { src: product.imageUrl, alt: product.title, width: 48, height: 48 })
          : el('span', { className: 'no-image' }),
        el('span', {}, product.title),
        pinned ? ' (pinned) ' : ' ',
        button,
      );
    }),
  );
  if (state.productIds.length === 0)
    $('products').replaceChildren(el('li', {}, 'This show has no products.'));
  $('chat').replaceChildren(
    ...state.chat.map((message) =>
      el(
        'li',
        {},
        el('strong', {}, message.seller ? `${message.name} (you)` : message.name),
        `: ${message.text} `,
        el('button', { type: 'button', onclick: () => void act(() => hide(message.id)) }, 'Hide'),
        ...(message.viewerId
          ? [
              ' ',
              el(
                'button',
                {
                  type: 'button',
                  onclick: () => void act(() => block(message.viewerId as string)),
                },
                'Block',
              ),
            ]
          : []),
      ),
    ),
  );
}

async function act(work: () => Promise<unknown>) {
  try {
    await work();
    await refresh();
  } catch (error) {
    say((error as Error).message);
  }
}

const pin = (productId: string | null) =>
  call(`/shows/${current?.id}/pins`, { method: 'POST', body: { productId } });
const hide = (messageId: string) =>
  call(`/shows/${current?.id}/chat/${encodeURIComponent(messageId)}/hide`, { method: 'POST' });
const block = (viewerId: string) =>
  call(`/shows/${current?.id}/blocks`, { method: 'POST', body: { viewerId } });

async function startCamera() {
  if (camera) return camera;
  camera = await navigator.mediaDevices.getUserMedia({
    video: { width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: true,
  });
  const preview = $('preview') as HTMLVideoElement;
  preview.srcObject = camera;
  await preview.play().catch(() => {});
  return camera;
}

async function goLive() {
  if (!current) return;
  const stream = await startCamera();
  const { ingest } = await call<{ ingest: string }>(`/shows/${current.id}/live`, {
    method: 'POST',
  });
  const ws = new WebSocket(ingest);
  ws.binaryType = 'arraybuffer';
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error('The studio could not reach the live server.'));
  });
  socket = ws;
  const mimeType = 'video/webm;codecs=vp8,opus';
  recorder = new MediaRecorder(stream, {
    ...(MediaRecorder.isTypeSupported(mimeType) ? { mimeType } : {}),
    videoBitsPerSecond: 2_500_000,
  });
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(event.data);
  };
  // A chunk every RECORDER_TIMESLICE_MS: a frame waits at most that long in the browser before
  // the packager can cut it into a part (LL-HLS parts are about 0.43 s).
  recorder.start(RECORDER_TIMESLICE_MS);
  say('You are live.');
  // The list of shows says Live too.
  await loadShows();
}

/** Stops the camera's recording, sends its last chunk, and closes the socket. */
async function stopSending() {
  const active = recorder;
  recorder = null;
  if (active && active.state !== 'inactive') {
    await new Promise<void>((resolve) => {
      active.addEventListener('stop', () => resolve(), { once: true });
      active.stop();
    });
  }
  const ws = socket;
  socket = null;
  if (ws && ws.readyState === WebSocket.OPEN) {
    while (ws.bufferedAmount > 0) await new Promise((r) => setTimeout(r, 50));
    await new Promise<void>((resolve) => {
      ws.addEventListener('close', () => resolve(), { once: true });
      ws.close(1000, 'show ended');
      setTimeout(resolve, 3000);
    });
  }
}

async function endShow() {
  if (!current || !confirm(`End “${current.title}”? Viewers will see that the show has ended.`))
    return;
  await stopSending();
  say('Ending the show and making its replay…');
  await call(`/shows/${current.id}/end`, { method: 'POST' });
  say('The show has ended. Its replay is on the Live page of the Popstage app.');
  await loadShows();
}

$('go-live').addEventListener('click', () => void goLive().catch((e: Error) => say(e.message)));
$('end').addEventListener('click', () => void endShow().catch((e: Error) => say(e.message)));
$('preview-camera').addEventListener(
  'click',
  () => void startCamera().catch(() => say('Allow the camera and microphone to go live.')),
);
$('chat-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $('chat-text') as HTMLInputElement;
  const text = input.value.trim();
  if (!text || !current) return;
  void act(async () => {
    await call(`/shows/${current?.id}/chat`, { method: 'POST', body: { text } });
    input.value = '';
  });
});

if (!token) say('Open the studio from the Live page of the Popstage app.');
else void loadShows().catch((error: Error) => say(error.message));
