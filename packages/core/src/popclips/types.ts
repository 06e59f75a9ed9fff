import type { DisplayTarget } from './display';
import type { ClipSourceType } from './source-url';
import type { PopclipStatus } from './status';

/** Wire types of spec 02 §3 (field names as the spec spells them). */

/** A tagged product as stored on a clip. */
export interface PopclipProduct {
  shopifyProductId: string;
  shopifyProductHandle: string;
  shopifyProductUrl: string;
  /** Image URL, null when the product has none. */
  defaultImage: string | null;
  /** Snapshot taken by the server when the product was tagged (answers only). */
  title?: string;
  /** Decimal string, the product's lowest price. */
  amount?: string;
  currencyCode?: string;
}

/** A product as the tagging picker shows it (before it is stored as a PopclipProduct). */
export interface PopclipMetaData {
  videoTitle: string;
  products: PopclipProduct[];
  /** The thumbnail shown: the custom one when set, else the one taken from the video. */
  thumbnailURL: string | null;
  processedURL: string | null;
  customThumbnailImageURL: string | null;
  defaultThumbnailImageURL: string | null;
  /** The uploaded (or imported) original. */
  videoURL: string | null;
  gifURL: string | null;
  /** The media type; always 'video' for clips. */
  type: string;
  featured: boolean;
  status: PopclipStatus;
  display: DisplayTarget[];
  isPrivate: boolean;
  shopifyDomain: string;
  sellerId: string | null;
  clipSourceUrl: string | null;
  clipSourceType: ClipSourceType;
}

/** A clip (media item). Views and likes are derived, shown per the shop's settings and plan. */
export interface Popclip {
  id: string;
  metaIdentifier: string;
  /** Where the processed video is served from (CDN or signed local URL). */
  cdnUrl: string | null;
  status: PopclipStatus;
  metaData: PopclipMetaData;
  /** Why processing failed (status 'failed'), written for the merchant; else null. */
  failureReason: string | null;
  /** Seconds, width and height of the playable video once known. */
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  createdAt: string;
  updatedAt: string;
  clipViews: number;
  clipLikes: number;
  showViews: boolean;
  showLikes: boolean;
}

/** Answers of the media gallery calls (spec 02 §7). */
export interface ListMediaResponse {
  data: Popclip[];
  /** Cursor of the next page; null on the last one. */
  lastEvaluatedKey: string | null;
}

export interface CsUploadResponse {
  /** Signed PUT URL for the video (absent for imports). */
  uploadFileUrl: string | null;
  uploadCustomThumbnailUrl: string | null;
  clip: Popclip;
}

export interface CsUpdateMediaResponse {
  item: Popclip;
  uploadCustomThumbnailUrl: string | null;
}
