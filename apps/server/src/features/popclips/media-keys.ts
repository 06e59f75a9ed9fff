import { fileExtension, sanitizeFileName } from '@popstage/core/popclips';
import { assertValidObjectKey } from '../../platform/storage/keys';

/** Where a clip's media lives in the ObjectStore: shops/<shop id>/clips/<metaIdentifier>/... */
export function clipFolder(shopId: string, metaIdentifier: string): string {
  return assertValidObjectKey(`shops/${shopId}/clips/${metaIdentifier}`);
}

/** The original keeps the merchant's file name, alphanumerics only (spec 02 §2). */
export function originalKey(folder: string, fileName: string | null, contentType: string): string {
  const fallbackExt = contentType === 'video/quicktime' ? 'mov' : 'mp4';
  const ext = fileName ? fileExtension(fileName) : '';
  const name = fileName && (ext === 'mp4' || ext === 'mov') ? fileName : `video.${fallbackExt}`;
  return assertValidObjectKey(`${folder}/original-${sanitizeFileName(name, 'video')}`);
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Each custom thumbnail gets a new key, so a replacement never overwrites the one shown. */
export function customThumbnailKey(folder: string, contentType: string, version: number): string {
  return assertValidObjectKey(
    `${folder}/custom-thumbnail-${version}.${IMAGE_EXTENSIONS[contentType] ?? 'img'}`,
  );
}

export const derivedKeys = (folder: string) => ({
  folder,
  playable: `${folder}/playable.mp4`,
  loop: `${folder}/loop.mp4`,
  poster: `${folder}/poster.webp`,
  thumbnail: `${folder}/thumbnail.jpg`,
  preview: `${folder}/preview.gif`,
});

/** A ladder file keeps its work-file name (playable.mp4 is the first, already uploaded). */
export const renditionKey = (folder: string, fileName: string) =>
  assertValidObjectKey(`${folder}/${fileName}`);
