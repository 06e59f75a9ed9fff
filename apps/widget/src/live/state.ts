import {
  CHAT_HISTORY,
  type ChatMessage,
  type LiveShowState,
  liveShowEventSchema,
  type ShowPin,
} from '@popstage/core/live';

/**
 * What the live player holds of a show, from the viewer API's state (GET {publicApi}) and kept
 * current by its events (SSE): a pure value the player renders, so the rules are tested alone.
 */
export type LiveView = Pick<
  LiveShowState,
  'id' | 'title' | 'status' | 'hls' | 'mp4' | 'lowLatency' | 'pinned' | 'pins' | 'viewers' | 'chat'
>;

/** What changed, so the player redraws only that part. */
export type LiveChange = 'pin' | 'chat' | 'viewers' | 'status';

/**
 * Applies one event of the show's stream (its `data:` JSON, checked with core's
 * liveShowEventSchema) to the view; an event that is not one of the schema's is ignored (null).
 */
export function applyLiveEvent(view: LiveView, data: unknown): LiveChange | null {
  const parsed = liveShowEventSchema.safeParse(data);
  if (!parsed.success) return null;
  const event = parsed.data;
  switch (event.type) {
    case 'pin':
      view.pinned = event.pinned;
      view.pins = event.pins;
      return 'pin';
    case 'chat':
      // The viewer's own message is already shown from the chat post's answer.
      if (view.chat.some((message) => message.id === event.message.id)) return null;
      view.chat = [...view.chat, event.message].slice(-CHAT_HISTORY);
      return 'chat';
    case 'chat-hidden':
      if (!view.chat.some((message) => message.id === event.id)) return null;
      view.chat = view.chat.filter((message) => message.id !== event.id);
      return 'chat';
    case 'viewers':
      view.viewers = event.count;
      return 'viewers';
    case 'status':
      // zod's url() takes any scheme: media plays from http(s) only.
      if (!isMediaUrl(event.hls) || !isMediaUrl(event.mp4)) return null;
      view.status = event.status;
      view.hls = event.hls;
      view.mp4 = event.mp4;
      // An ended show pins nothing any more: the replay's timeline decides what shows.
      if (event.status === 'ended') view.pinned = null;
      return 'status';
  }
}

/** Null, or an http(s) URL: what a video may be given as its source. */
export function isMediaUrl(url: string | null): boolean {
  return url === null || /^https?:\/\//i.test(url);
}

/** Adds the viewer's own posted message (the chat post's answer), once. */
export function addOwnMessage(view: LiveView, message: ChatMessage): boolean {
  if (view.chat.some((known) => known.id === message.id)) return false;
  view.chat = [...view.chat, message].slice(-CHAT_HISTORY);
  return true;
}

/** The product pinned at this second of the replay (the latest pin covering it), else null. */
export function pinnedAt(pins: ShowPin[], seconds: number): string | null {
  let found: string | null = null;
  for (const pin of pins) {
    if (pin.fromSeconds <= seconds && (pin.toSeconds === null || seconds < pin.toSeconds)) {
      found = pin.productId;
    }
  }
  return found;
}

/** 83 → '1:23', 3725 → '1:02:05'. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}
