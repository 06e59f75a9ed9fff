import { MOBILE_IMAGE_MAX_BYTES } from '@popstage/core/mobile';
import { imageSize } from 'image-size';
import type { ObjectStore } from '../../platform/storage/port';

/**
 * The size of an uploaded app image, read from its bytes in the ObjectStore. The admin checks the
 * picked file in the browser, but the upload URL only pins the declared content type, so the
 * server decodes the stored object itself before a request or config refers to it.
 */

/** The types the builder accepts (spec 03 §5: gif, jpg, png), as image-size names them. */
const ACCEPTED_TYPES = new Set(['gif', 'jpg', 'png']);

export interface StoredImage {
  width: number;
  height: number;
}

async function readObject(media: ObjectStore, key: string): Promise<Buffer | null> {
  const object = await media.getObject(key);
  // S3 cannot cap a presigned PUT, so an oversized object is refused here rather than read.
  if (!object || object.size === 0 || object.size > MOBILE_IMAGE_MAX_BYTES) {
    object?.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

/**
 * The displayed size of a stored gif, jpg or png; null when the object is missing, too large, of
 * another type or unreadable. A JPEG's EXIF orientation 5-8 swaps width and height, as the
 * browser's own check (naturalWidth/naturalHeight) does.
 */
export async function storedImage(media: ObjectStore, key: string): Promise<StoredImage | null> {
  const bytes = await readObject(media, key);
  if (!bytes) return null;
  try {
    const { width, height, type, orientation } = imageSize(bytes);
    if (!type || !ACCEPTED_TYPES.has(type)) return null;
    const turned = orientation !== undefined && orientation >= 5 && orientation <= 8;
    return turned ? { width: height, height: width } : { width, height };
  } catch {
    // image-size throws on bytes it cannot parse: not an image we accept.
    return null;
  }
}

export const hasExactSize = (image: StoredImage | null, size: StoredImage) =>
  image !== null && image.width === size.width && image.height === size.height;
