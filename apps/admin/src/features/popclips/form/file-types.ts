import { fileExtension } from '@popstage/core/popclips';

/**
 * The MIME type declared to csUpload and sent as the PUT's Content-Type (the signature covers
 * it). Browsers leave File.type empty for some files (often .mov), so the extension decides then.
 */
const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

export function declaredType(file: File): string {
  const type = file.type.toLowerCase();
  return type || BY_EXTENSION[fileExtension(file.name)] || 'application/octet-stream';
}

export const fileMeta = (file: File) => ({ type: declaredType(file), size: file.size });
