import { h } from './dom';
import type { StorefrontClip } from './types';

/**
 * Caption tracks of a clip on a video. The files live on the app's media origin and a <track>
 * only loads same-origin (or CORS with the whole video CORS too): each file is fetched and given
 * to the track as a blob URL. The first language shows when captions are on.
 */
export function setCaptionTracks(
  video: HTMLVideoElement,
  clip: StorefrontClip,
  showing: boolean,
): void {
  for (const old of video.querySelectorAll('track')) {
    if (old.src.startsWith('blob:')) URL.revokeObjectURL(old.src);
    old.remove();
  }
  (clip.captions ?? []).forEach((caption, index) => {
    const track = h('track', { kind: 'captions', srclang: caption.language, label: caption.label });
    video.append(track);
    const mode = showing && index === 0 ? 'showing' : 'hidden';
    if (track.track) track.track.mode = mode;
    fetch(caption.url, { credentials: 'omit' })
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((text) => {
        if (!track.isConnected) return;
        track.src = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
        if (track.track) track.track.mode = mode;
      })
      .catch(() => track.remove());
  });
}

/** Shows the first caption track, or hides them all. */
export function showCaptions(video: HTMLVideoElement, on: boolean): void {
  Array.from(video.textTracks ?? []).forEach((track, index) => {
    track.mode = on && index === 0 ? 'showing' : 'hidden';
  });
}
