import type { ClipSpec } from '@popstage/testkit/clip';

/** The small clips the tests use, each a different branch of the plan. */
export const TEST_CLIPS = {
  /** H.264/AAC MP4 within the 360p rung's caps: remuxed. */
  fastPath: {
    seconds: 2,
    width: 360,
    height: 640,
    video: 'h264',
    audio: 'aac',
    container: 'mp4',
    videoBitRate: '400k',
  },
  /** H.264/AAC 720x1280 at 6 Mbit/s, above the 720p rung: remuxed for the merchant, then the ladder. */
  heavy: {
    seconds: 4,
    width: 720,
    height: 1280,
    video: 'h264',
    audio: 'aac',
    container: 'mp4',
    videoBitRate: '6M',
    preset: 'ultrafast',
  },
  /** VP9/Opus WebM: re-encoded. */
  webm: { seconds: 2, width: 360, height: 640, video: 'vp9', audio: 'opus', container: 'webm' },
  /** MPEG-4 Part 2 with MP3 in MOV: re-encoded. */
  mpeg4: { seconds: 2, width: 320, height: 240, video: 'mpeg4', audio: 'mp3', container: 'mov' },
  /** H.264 but 2560x1440 (and heavy): a 360p file first, the ladder up to 1280x720 (1080p is only ever a remux). */
  oversize: {
    seconds: 1,
    width: 2560,
    height: 1440,
    fps: 10,
    video: 'h264',
    audio: 'aac',
    container: 'mp4',
  },
  /** Landscape H.264 stored with a quarter-turn rotation: shown portrait, remuxed. */
  rotated: {
    seconds: 1,
    width: 640,
    height: 360,
    video: 'h264',
    audio: null,
    container: 'mov',
    rotate: 90,
    videoBitRate: '400k',
  },
  /** Rotated MPEG-4 Part 2: re-encoded upright, with no rotation left to apply twice. */
  rotatedMpeg4: {
    seconds: 1,
    width: 640,
    height: 360,
    fps: 10,
    video: 'mpeg4',
    audio: null,
    container: 'mov',
    rotate: 90,
  },
} satisfies Record<string, ClipSpec>;
