export type { CaptionBody } from './contract';
export { captionSchema, captionsContract } from './contract';
// Zod-free: the share page and widget take these without the schemas.
export type { Cue } from './webvtt';
export {
  CAPTION_LANGUAGE,
  CAPTION_MAX_BYTES,
  CAPTION_MESSAGES,
  CAPTIONS_PER_CLIP,
  captionTranscript,
  parseWebVtt,
} from './webvtt';
