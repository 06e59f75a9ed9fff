import { POPCLIP_LABELS } from './messages';

/**
 * Clip states. The spec shows anything but 'processed' as 'Processing...' (§2). 'uploading': the
 * clip exists and its signed PUTs are outstanding (until csUploadComplete); 'processing': the job
 * runs (the clip plays as soon as its processedURL is set); 'failed': see failureReason; 'interrupted': the upload was not completed within its URL's
 * lifetime plus a grace (UPLOAD_URL_SECONDS + UPLOAD_GRACE_SECONDS): the merchant uploads again
 * or it is deleted after INTERRUPTED_CLIP_RETENTION_HOURS.
 */
export const POPCLIP_STATUSES = [
  'uploading',
  'processing',
  'processed',
  'failed',
  'interrupted',
] as const;
export type PopclipStatus = (typeof POPCLIP_STATUSES)[number];

export function isProcessed(status: string): boolean {
  return status === 'processed';
}

/**
 * The list's status text: null for processed and failed clips (a failure shows its reason),
 * 'Upload interrupted' for an abandoned upload, 'Processing...' for the rest.
 */
export function popclipStatusLabel(status: string): string | null {
  if (isProcessed(status) || status === 'failed') return null;
  return status === 'interrupted' ? POPCLIP_LABELS.uploadInterrupted : POPCLIP_LABELS.processing;
}

/**
 * Clips a merchant can upload a video for again (from Edit): a failed or interrupted one, or one
 * whose upload never finished.
 */
export function canReupload(status: string): boolean {
  return status === 'failed' || status === 'interrupted' || status === 'uploading';
}

/** An interrupted upload has no video: it cannot go in a carousel or be shared. */
export function isUsableClip(status: string): boolean {
  return status !== 'interrupted';
}

/**
 * The list polls every 8 s while a clip is still processing. A failed clip stops the polling
 * (ours: the spec polls "until all are processed", which a failure would never reach).
 */
export function shouldPollClips(clips: readonly { status: string }[]): boolean {
  return clips.some((clip) => clip.status === 'processing');
}
