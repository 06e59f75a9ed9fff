/** What the browser can tell of a picked video before it is uploaded. */
export interface VideoMetadata {
  durationSeconds: number;
  width: number;
  height: number;
}

/**
 * Reads the duration and picture size of a local video file through a detached <video> element.
 * Null when the browser cannot read it (a type or codec it does not play, no object URLs) or
 * takes longer than `timeoutMs`: the server checks every upload again after its probe.
 */
export function readVideoMetadata(file: File, timeoutMs = 5000): Promise<VideoMetadata | null> {
  if (typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  const video = document.createElement('video');
  // A type the browser says it cannot play (often QuickTime) would only wait for the timeout.
  if (file.type && video.canPlayType(file.type) === '') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const done = (value: VideoMetadata | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done(
        Number.isFinite(video.duration)
          ? { durationSeconds: video.duration, width: video.videoWidth, height: video.videoHeight }
          : null,
      );
    video.onerror = () => done(null);
    video.src = url;
  });
}
