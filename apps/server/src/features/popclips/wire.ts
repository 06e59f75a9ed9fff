import { pageCursor } from '@popstage/core/contract';
import { clipVisibility, type Popclip, type PopclipProduct } from '@popstage/core/popclips';
import { z } from 'zod';
import type { PopclipRow, StoredPopclipProduct } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { MEDIA_URL_SECONDS, type ObjectStore } from '../../platform/storage/port';
import type { Tenant } from '../../tenant';
import { clipCounts } from '../analytics';
import { popclipsSettingsOf } from '../settings';
import type { PopclipCursor } from './store';

/** A clip's all-time views and likes (features/engagement). */
export interface ClipCounts {
  views: number;
  likes: number;
}

/** What every clip of one answer shares: whose it is, which one is featured, what counts show. */
export interface ClipAudience {
  shopifyDomain: string;
  sellerId: string | null;
  /** The shop's featured clip as the call left it. */
  featuredPopclipId: string | null;
  showViews: boolean;
  showLikes: boolean;
}

/**
 * The audience of a clip answer: the tenant's shop and seller, and whether views and likes show
 * (the shop's settings and its plan level; one query).
 */
export async function clipAudience(
  deps: Pick<AppDeps, 'database'>,
  tenant: Tenant,
  featuredPopclipId: string | null = tenant.shop.featuredPopclipId,
): Promise<ClipAudience> {
  const settings = await popclipsSettingsOf(deps.database.db, tenant.shop.id);
  return {
    shopifyDomain: tenant.shop.shopifyDomain,
    sellerId: tenant.sellerId,
    featuredPopclipId,
    ...clipVisibility(tenant.plan.popclipsLevel, settings),
  };
}

/**
 * Clips as the admin reads them, with their real view and like counts (two queries for any
 * number of clips). `fresh` clips were created by this call: they have no counts to read.
 */
export async function toPopclipsWire(
  deps: Pick<AppDeps, 'database' | 'media'>,
  tenant: Tenant,
  rows: PopclipRow[],
  options: { featuredPopclipId?: string | null; fresh?: boolean } = {},
): Promise<Popclip[]> {
  const [audience, counts] = await Promise.all([
    clipAudience(deps, tenant, options.featuredPopclipId),
    options.fresh
      ? new Map<string, ClipCounts>()
      : clipCounts(
          deps.database.db,
          tenant.shop.id,
          rows.map((row) => row.metaIdentifier),
        ),
  ]);
  return Promise.all(
    rows.map((row) => toPopclipWire(deps.media, row, audience, counts.get(row.metaIdentifier))),
  );
}

/** One clip of toPopclipsWire. */
export async function toOnePopclipWire(
  deps: Pick<AppDeps, 'database' | 'media'>,
  tenant: Tenant,
  row: PopclipRow,
  options: { featuredPopclipId?: string | null; fresh?: boolean } = {},
): Promise<Popclip> {
  const [clip] = await toPopclipsWire(deps, tenant, [row], options);
  if (!clip) throw new Error('clip answer missing');
  return clip;
}

/** The clip as the admin reads it (spec 02 §3), with signed URLs for its media. */
export async function toPopclipWire(
  media: ObjectStore,
  row: PopclipRow,
  audience: ClipAudience,
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
      featured: audience.featuredPopclipId === row.metaIdentifier,
      status: row.status,
      display: row.displayTargets,
      isPrivate: row.isPrivate,
      shopifyDomain: audience.shopifyDomain,
      sellerId: audience.sellerId,
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
    showViews: audience.showViews,
    showLikes: audience.showLikes,
  };
}

function toProductWire(product: StoredPopclipProduct): PopclipProduct {
  return { ...product };
}

/** lastEvaluatedKey: the last clip of a page as [createdAt, id], opaque to the admin. */
const lastEvaluatedKey = pageCursor(
  z
    .tuple([
      z.string().refine((at) => !Number.isNaN(Date.parse(at))),
      z.string().regex(/^[0-9a-f-]{36}$/),
    ])
    .transform(([at, id]): PopclipCursor => ({ createdAt: new Date(at), id })),
);

export function encodeCursor(row: Pick<PopclipRow, 'createdAt' | 'id'>): string {
  return lastEvaluatedKey.encode([row.createdAt.toISOString(), row.id]);
}

export const decodeCursor = lastEvaluatedKey.decode;
