/**
 * When video frames reached the screen, from a Chromium trace of the `media` category: each
 * `VideoFrameSubmitter::SubmitFrame` is a frame handed to the display compositor (it is shown at
 * the next vsync, at most 16.7 ms later), on the media thread, whatever the page's main thread is
 * doing. requestVideoFrameCallback reports the same frames only when a busy main thread runs its
 * callback, and skips frames meanwhile: on the throttled phone the bubble's first moving frame
 * was on screen at 873 ms while the callback ran at 969 ms and named a later frame (presented
 * 941 ms).
 */

/** The trace categories framesOnScreen needs (the page's navigationStart and the frames). */
export const FRAME_TRACE_CATEGORIES = ['media', 'blink.user_timing'];

export interface FrameOnScreen {
  /** When it was handed to the compositor, in ms from the page's navigation start. */
  ms: number;
  /** Its media time, in seconds. */
  mediaTime: number;
  /** The video's natural size, e.g. '240x427': tells one element's frames from another's. */
  naturalSize: string;
}

interface TraceEvent {
  name?: string;
  ts?: number;
  args?: {
    frame?: unknown;
    data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean };
  };
}

/** The frames `trace` (Playwright's stopTracing() buffer) shows submitted after `url` began loading. */
export function framesOnScreen(trace: Buffer | string, url: string): FrameOnScreen[] {
  const parsed = JSON.parse(String(trace)) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const start = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isOutermostMainFrame === true &&
      e.args.data.documentLoaderURL === url,
  )?.ts;
  if (start === undefined) throw new Error(`the trace has no navigation to ${url}`);
  const frames: FrameOnScreen[] = [];
  for (const event of events) {
    if (event.name !== 'VideoFrameSubmitter::SubmitFrame' || event.ts === undefined) continue;
    const frame = String(event.args?.frame ?? '');
    const timestamp = /\btimestamp:(\d+)/.exec(frame)?.[1];
    const size = /\bnatural_size:(\d+x\d+)/.exec(frame)?.[1];
    if (timestamp === undefined || size === undefined || event.ts < start) continue;
    frames.push({
      ms: (event.ts - start) / 1000,
      mediaTime: Number(timestamp) / 1e6,
      naturalSize: size,
    });
  }
  return frames.sort((a, b) => a.ms - b.ms);
}
