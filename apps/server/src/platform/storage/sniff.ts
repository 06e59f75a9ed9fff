import type { Readable } from 'node:stream';
import type { ThumbnailMimeType } from '@popstage/core/popclips';

/**
 * The image type by its first bytes (magic numbers), whatever the upload claimed. Videos are
 * checked with ffprobe by the processing job instead.
 */
export const IMAGE_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

export function sniffImageType(bytes: Uint8Array): ThumbnailMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  return null;
}

/** Whether the bytes are the image type that was declared (and signed into the upload URL). */
export function isDeclaredImageType(bytes: Uint8Array, declared: string): boolean {
  return sniffImageType(bytes) === declared.trim().toLowerCase();
}

/** The first bytes of a stream (e.g. ObjectStore.getObject with range 0-11), then stops it. */
export async function readHead(stream: Readable, length = IMAGE_SNIFF_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    total += buffer.length;
    if (total >= length) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, length);
}
