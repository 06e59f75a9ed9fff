import type { ClipSourceType, DisplayTarget, PopclipStatus } from '@popstage/core/popclips';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';
import { shopIdColumn } from './shops';

/** A tagged product as stored on a clip: the GID plus a snapshot taken when it was tagged. */
export interface StoredPopclipProduct {
  shopifyProductId: string;
  shopifyProductHandle: string;
  shopifyProductUrl: string;
  defaultImage: string | null;
  title: string;
  amount: string;
  currencyCode: string;
}

/** One file of the ladder shoppers get (issue 19): the key and what the widget chooses by. */
export interface StoredRendition {
  key: string;
  width: number;
  height: number;
  bitsPerSecond: number;
}

/** A WebVTT caption file of a clip (issue 19): one per language. */
export interface StoredCaption {
  /** BCP 47 tag, e.g. en, fr-CA. */
  language: string;
  label: string;
  key: string;
}

/**
 * Popclips (spec 02 §3): one row per clip. Media lives in the ObjectStore under
 * shops/<shop id>/clips/<metaIdentifier>/; the row keeps the keys. The shop's featured clip is
 * shops.featured_popclip_id (a metaIdentifier), the only place "featured" is stored.
 */
export const popclips = pgTable(
  'popclips',
  {
    id: uuidKey(),
    shopId: shopIdColumn(),
    metaIdentifier: text().notNull().unique(),
    title: text().notNull(),
    status: text().$type<PopclipStatus>().notNull(),
    failureReason: text(),
    source: text().$type<ClipSourceType>().notNull().default('device'),
    sourceUrl: text(),
    /** The uploaded or imported file, kept as it came (also when processing fails). */
    originalKey: text().notNull(),
    /** What the browser declared at csUpload; the stored object must match it. */
    originalContentType: text().notNull(),
    originalDeclaredSize: integer(),
    /** When the video's PUT URL expires (csUpload, csReupload): see upload-sweep-job.ts. */
    uploadExpiresAt: timestamptz(),
    playableKey: text(),
    thumbnailKey: text(),
    customThumbnailKey: text(),
    customThumbnailContentType: text(),
    /** A replacement custom thumbnail being uploaded (csUpdateMedia), checked at csUploadComplete. */
    pendingThumbnailKey: text(),
    pendingThumbnailContentType: text(),
    previewKey: text(),
    /** Shoppers' media (issue 19): the ladder smallest first, the silent loop, the WebP poster. */
    renditions: jsonb().$type<StoredRendition[]>().notNull().default([]),
    loopKey: text(),
    posterKey: text(),
    captions: jsonb().$type<StoredCaption[]>().notNull().default([]),
    durationSeconds: doublePrecision(),
    width: integer(),
    height: integer(),
    products: jsonb().$type<StoredPopclipProduct[]>().notNull().default([]),
    displayTargets: jsonb().$type<DisplayTarget[]>().notNull(),
    isPrivate: boolean().notNull().default(false),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
    processedAt: timestamptz(),
    playableAt: timestamptz(),
  },
  (table) => [index('popclips_shop_created_idx').on(table.shopId, table.createdAt, table.id)],
);

export type PopclipRow = typeof popclips.$inferSelect;
export type NewPopclipRow = typeof popclips.$inferInsert;

/**
 * The products whose clip_count metafield the app last set above 0 (platform/port.ts
 * CLIP_COUNT_METAFIELD): when a product's last clip goes, the job still knows to write it 0.
 */
export const popclipProductCounts = pgTable(
  'popclip_product_counts',
  {
    shopId: shopIdColumn(),
    /** Product GID. */
    productId: text().notNull(),
    clipCount: integer().notNull(),
    writtenAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.productId] })],
);
