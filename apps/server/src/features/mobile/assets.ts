import { randomBytes } from 'node:crypto';
import { MOBILE_IMAGE_MAX_BYTES } from '@popstage/core/mobile';
import type { AppDeps } from '../../deps';

/**
 * The branded app's images (icon, launch screen, header logo): uploaded through a signed URL to the
 * ObjectStore under apps/{shop}/ (spec 03 §9), and served publicly by /mobile/v1/assets/ so the
 * app-build service and the branded app can read them without a signature.
 */

const EXTENSIONS: Record<string, string> = {
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export const ASSETS_PATH = '/mobile/v1/assets/';
/** Seconds a signed upload URL stays valid. */
const UPLOAD_SECONDS = 15 * 60;

/** Uploaded file names are stripped of non-alphanumerics (spec 03 §5). */
export const strippedFileName = (name: string) =>
  name
    .replace(/\.[A-Za-z0-9]+$/, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 100) || 'image';

export const assetPublicUrl = (appUrl: string, key: string) => `${appUrl}${ASSETS_PATH}${key}`;

/** The object key behind one of the shop's public asset URLs; null for anything else. */
export function assetKeyOf(appUrl: string, shop: string, url: string): string | null {
  const prefix = `${appUrl}${ASSETS_PATH}apps/${shop}/`;
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return /^[A-Za-z0-9-]+\.(gif|jpg|png)$/.test(name) ? `apps/${shop}/${name}` : null;
}

export async function signedAssetUpload(
  deps: Pick<AppDeps, 'media' | 'clock' | 'config'>,
  shop: string,
  contentType: string,
  fileName: string,
) {
  const extension = EXTENSIONS[contentType] ?? 'png';
  // Unique per upload: upload URLs are single-use, and a merchant may send the same file again.
  const unique = `${deps.clock.now().getTime()}-${randomBytes(4).toString('hex')}`;
  const key = `apps/${shop}/${unique}-${strippedFileName(fileName)}.${extension}`;
  const signed = await deps.media.createSignedUploadUrl(key, {
    contentType,
    maxBytes: MOBILE_IMAGE_MAX_BYTES,
    expiresIn: UPLOAD_SECONDS,
  });
  return {
    uploadURL: signed.url,
    headers: signed.headers,
    publicUrl: assetPublicUrl(deps.config.APP_URL, key),
  };
}
