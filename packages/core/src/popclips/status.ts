import { POPCLIP_LABELS } from './messages';

/**
 * Clip states. The spec shows anything but 'processed' as 'Processing...' (§2). 'uploading': the
 * clip exists and its signed PUTs are outstanding (until csUploadComplete); 'processing': the job
 * runs (the clip plays as soon as its processedURL is set); 'failed': see failureReason.
 */
export const POPCLIP_STATUSES = ['uploading', 'processing', 'processed', 'failed'] as const;
export type PopclipStatus = (typeof POPCLIP_STATUSES)[number];

export function isProcessed(status: string): boolean {
  return status === 'processed';
}

/** The list's status text: null for processed clips, 'Processing...' for the rest. */
export function popclipStatusLabel(status: string): string | null {
  return isProcessed(status) ? null : POPCLIP_LABELS.processing;
}

/**
 * The list polls every 8 s while a clip is still processing. A failed clip stops the polling
 * (ours: the spec polls "until all are processed", which a failure would never reach).
 */
export function shouldPollClips(clips: readonly { status: string }[]): boolean {
  return clips.some((clip) => clip.status === 'processing');
}
