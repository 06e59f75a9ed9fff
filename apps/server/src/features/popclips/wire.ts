import type { Popclip, PopclipProduct } from '@popstage/core/popclips';
import type { PopclipRow, StoredPopclipProduct } from '../../db/schema';
import type { ObjectStore } from '../../platform/storage/port';
import { type ClipContext, clipVisibility } from './context';

/** A clip's all-time views and likes (features/engagement). */
export interface ClipCounts {
  views: number;
  likes: number;
}

/** Signed GET URLs in clip answers stay valid this long (the admin refetches far sooner). */
export const MEDIA_URL_SECONDS = 6 * 60 * 60;

/** The clip as the admin reads it (spec 02 §3), with signed URLs for its media. */
export async function toPopclipWire(
  media: ObjectStore,
  row: PopclipRow,
  ctx: ClipContext,
  counts: ClipCounts = { views: 0, likes: 0 },
): Promise<Popclip> {
  const sign = async (key: string | null) =>
    key ? (await media.createSignedDownloadUrl(key, { expiresIn: MEDIA_URL_SECONDS })).url : null;
  const [videoURL, processedURL, defaultThumbnail, customThumbnail, gifURL] = await Promise.all([
    sign(row.originalKey),
    sign(row.playableKey),
    sign(row.thumbnailKey),
    sign(row.customThumbnailKey),
    sign(row.previewKey),
  ]);
  const featured = ctx.shop.featuredPopclipId === row.metaIdentifier;
  return {
    id: row.id,
    metaIdentifier: row.metaIdentifier,
    cdnUrl: processedURL,
    status: row.status,
    metaData: {
      videoTitle: row.title,
      products: row.products.map(toProductWire),
      thumbnailURL: customThumbnail ?? defaultThumbnail,
      processedURL,
      customThumbnailImageURL: customThumbnail,
      defaultThumbnailImageURL: defaultThumbnail,
      // The original only while it is being processed; the admin plays the processed file.
      videoURL: row.status === 'uploading' ? null : videoURL,
      gifURL,
      type: 'video',
      featured,
      status: row.status,
      display: row.displayTargets,
      isPrivate: row.isPrivate,
      shopifyDomain: ctx.shop.shopifyDomain,
      sellerId: ctx.sellerId,
      clipSourceUrl: row.sourceUrl,
      clipSourceType: row.source,
    },
    failureReason: row.failureReason,
    durationSeconds: row.durationSeconds,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    clipViews: counts.views,
    clipLikes: counts.likes,
    ...clipVisibility(ctx.level, ctx.settings),
  };
}

function toProductWire(product: StoredPopclipProduct): PopclipProduct {
  return { ...product };
}

/** lastEvaluatedKey: the last clip of a page, opaque to the admin. */
export function encodeCursor(row: Pick<PopclipRow, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

export function decodeCursor(value: string): { createdAt: Date; id: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as unknown[];
    const createdAt = new Date(String(at));
    if (Number.isNaN(createdAt.getTime()) || typeof id !== 'string') return null;
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}
