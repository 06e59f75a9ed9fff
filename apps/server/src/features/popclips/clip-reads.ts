import type { Db } from '../../db/client';
import type { PopclipRow } from '../../db/schema';
import {
  countPopclips,
  findPopclipsByMetaIds,
  recentClipFailures,
  usableClipProducts,
} from './store';

/**
 * The reads of a shop's clips that other areas make (carousels, sharing, the app load, the
 * operator console): named services over the area's private store.
 */

/** How many clips the shop has, in any state. */
export function clipCountOf(db: Db, shopId: string): Promise<number> {
  return countPopclips(db, shopId);
}

/** The shop's clips of these ids (metaIdentifier), in the order the ids are given. */
export function clipsByMetaIds(db: Db, shopId: string, metaIds: string[]): Promise<PopclipRow[]> {
  return findPopclipsByMetaIds(db, shopId, metaIds);
}

/** The products tagged in each public clip that still has a video, newest first. */
export function usableClipsProducts(
  db: Db,
  shopId: string,
): Promise<{ metaIdentifier: string; productIds: string[] }[]> {
  return usableClipProducts(db, shopId);
}

/** The shop's clips whose processing failed, newest first (the operator console's overview). */
export function failedClips(db: Db, shopId: string) {
  return recentClipFailures(db, shopId);
}
