import { livePlaybackSettings } from '@popstage/core/live';
import type HlsType from 'hls.js';

type HlsClass = typeof HlsType;
type HlsWindow = Window & { PopstageHls?: HlsClass };

const HLS_TYPE = 'application/vnd.apple.mpegurl';
/** A fatal network error is retried after this long. */
const RETRY_MS = 3000;
let loading: Promise<HlsClass | null> | null = null;

/** hls.js from the app (/storefront/v1/hls.js), loaded once per page. */
function loadHls(origin: string): Promise<HlsClass | null> {
  const w = window as HlsWindow;
  if (w.PopstageHls) return Promise.resolve(w.PopstageHls);
  loading ??= new Promise((resolve) => {
    const tag = document.createElement('script');
    tag.src = `${origin}/storefront/v1/hls.js`;
    tag.async = true;
    tag.onload = () => resolve(w.PopstageHls ?? null);
    tag.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.append(tag);
  });
  return loading;
}

/** What plays in the player's video element; `stop` detaches it (a new source, or the end). */
export interface Attached {
  stop(): void;
}

/** Media Source Extensions (hls.js needs them; iPhones have only Managed Media Source). */
const hasMse = () => 'MediaSource' in window || 'ManagedMediaSource' in window;

/**
 * Plays a show in `video`: the browser's own HLS where it has one (Safari, iOS), else hls.js with
 * core's live settings (close to the live edge, catching up by playing faster); an MP4 (a
 * replay's) plays as a file. A low-latency live show plays with hls.js wherever it can run, even
 * where the browser has its own HLS: Chrome's reads no LL-HLS parts, so it would play seconds
 * further behind. Null when nothing here can play it.
 */
export async function attachShow(
  video: HTMLVideoElement,
  origin: string,
  source: { hls: string | null; mp4: string | null; lowLatency: boolean; live: boolean },
): Promise<Attached | null> {
  const file = () => {
    video.src = source.mp4 as string;
    return { stop: () => video.removeAttribute('src') };
  };
  const native = () => {
    video.src = source.hls as string;
    return { stop: () => video.removeAttribute('src') };
  };
  // A replay plays its MP4 where it has one: no HLS engine to fetch, seeking anywhere works.
  if (!source.live && source.mp4) return file();
  if (!source.hls) return source.mp4 ? file() : null;
  const hasNative = video.canPlayType(HLS_TYPE) !== '';
  if (hasNative && !(source.live && source.lowLatency && hasMse())) return native();
  const Hls = await loadHls(origin);
  if (!Hls?.isSupported()) return hasNative ? native() : source.mp4 ? file() : null;
  const hls = new Hls(source.live ? livePlaybackSettings(source.lowLatency) : {});
  let retry: number | undefined;
  // hls.js's own recovery for fatal errors: a live playlist that is briefly missing (the stream
  // starting, a network blip) is asked for again; a decoding error resets the media buffer.
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      clearTimeout(retry);
      const url = source.hls as string;
      // Without a manifest yet (the stream not started), the manifest is asked for again.
      retry = window.setTimeout(
        () => (hls.levels?.length ? hls.startLoad() : hls.loadSource(url)),
        RETRY_MS,
      );
    }
  });
  hls.loadSource(source.hls);
  hls.attachMedia(video);
  return {
    stop: () => {
      clearTimeout(retry);
      hls.destroy();
    },
  };
}
