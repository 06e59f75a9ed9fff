import { randomBytes } from 'node:crypto';
import { monthlyShareLimit } from '@popstage/core/billing';
import { isUsableClip, POPCLIP_SERVER_MESSAGES, POPCLIP_TOASTS } from '@popstage/core/popclips';
import { SHARE_LIMIT_MESSAGE } from '@popstage/core/sharing';
import type { PopclipRow, ShareLinkRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { clipsByMetaIds } from '../popclips';
import { withShopLock } from '../shop';
import {
  countSharesSince,
  findShareLinkByClip,
  insertShareLink,
  sharedClipIds,
  type Tx,
} from './store';

/**
 * Share links (spec 02 §2, §6): one per clip, made once; 5 new links per calendar month (UTC)
 * on the free level, unlimited on paid levels. The server counts and decides.
 */

export type SharingDeps = Pick<AppDeps, 'database' | 'clock'>;

/** The shop's share facts, with the asked clip and its link when a clip was named. */
export interface ShareStatus {
  /** metaIdentifiers of the shop's clips that have a link, oldest link first. */
  sharedClipIds: string[];
  /** Links the shop generated this calendar month. */
  sharedThisMonth: number;
  clip: PopclipRow | null;
  link: ShareLinkRow | null;
}

/** The first instant of the clock's calendar month, UTC. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** 128 random bits: short, and not guessable. */
const newShareCode = () => randomBytes(16).toString('base64url');

export function shareUrl(config: Pick<AppDeps['config'], 'APP_URL'>, code: string): string {
  return `${config.APP_URL.replace(/\/+$/, '')}/s/${code}`;
}

async function requireClip(deps: SharingDeps, tenant: Tenant, metaIdentifier: string) {
  const [clip] = await clipsByMetaIds(deps.database.db, tenant.shop.id, [metaIdentifier.trim()]);
  if (!clip) throw notFound(POPCLIP_TOASTS.clipNotFound);
  return clip;
}

async function shareCounts(db: AppDeps['database']['db'] | Tx, tenant: Tenant, now: Date) {
  const [shared, thisMonth] = await Promise.all([
    sharedClipIds(db, tenant.shop.id),
    countSharesSince(db, tenant.shop.id, monthStart(now)),
  ]);
  return { sharedClipIds: shared, sharedThisMonth: thisMonth };
}

/** GET share-gating: the shop's share metadata, and the asked clip's link. */
export async function shareGating(
  deps: SharingDeps,
  tenant: Tenant,
  metaIdentifier: string | undefined,
): Promise<ShareStatus> {
  const clip = metaIdentifier ? await requireClip(deps, tenant, metaIdentifier) : null;
  const db = deps.database.db;
  const counts = await shareCounts(db, tenant, deps.clock.now());
  const link = clip ? ((await findShareLinkByClip(db, clip.id)) ?? null) : null;
  return { ...counts, clip, link };
}

/**
 * POST share-gating { metaIdentifier }: the clip's link, made the first time (created: true).
 * The shop row is locked while counting, so two calls cannot both take the fifth share.
 */
export async function generateShareLink(
  deps: SharingDeps,
  tenant: Tenant,
  metaIdentifier: string,
): Promise<ShareStatus & { clip: PopclipRow; link: ShareLinkRow; created: boolean }> {
  const clip = await requireClip(deps, tenant, metaIdentifier);
  // An interrupted upload has no video to show on the share page.
  if (!isUsableClip(clip.status)) throw new HttpError(409, POPCLIP_SERVER_MESSAGES.clipInterrupted);
  const shopId = tenant.shop.id;
  const now = deps.clock.now();
  const result = await withShopLock(deps.database.db, shopId, async (tx) => {
    const existing = await findShareLinkByClip(tx, clip.id);
    if (existing) return { created: false, link: existing };
    const limit = monthlyShareLimit(tenant.plan.popclipsLevel);
    const thisMonth = await countSharesSince(tx, shopId, monthStart(now));
    if (limit !== null && thisMonth >= limit) {
      throw new HttpError(403, SHARE_LIMIT_MESSAGE, {
        reason: 'share_limit',
        max_share: limit,
        total_share: thisMonth,
      });
    }
    const link = await insertShareLink(tx, {
      shopId,
      popclipId: clip.id,
      metaIdentifier: clip.metaIdentifier,
      code: newShareCode(),
      createdAt: now,
    });
    return { created: true, link };
  });
  const counts = await shareCounts(deps.database.db, tenant, now);
  return { ...counts, clip, link: result.link, created: result.created };
}
