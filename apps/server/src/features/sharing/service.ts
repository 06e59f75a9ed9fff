import { randomBytes } from 'node:crypto';
import { monthlyShareLimit, type PopclipsPlanLevel } from '@popstage/core/billing';
import {
  SHARE_LIMIT_MESSAGE,
  type ShareGatingResponse,
  type ShareLinkWire,
  shareEmbedCode,
  shareState,
  toShareGatingWire,
} from '@popstage/core/popclips';
import type { PopclipRow, ShareLinkRow, ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { withShopLock } from '../billing';
import { clipContext, requireClip } from '../popclips';
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

export type SharingDeps = Pick<
  AppDeps,
  'database' | 'platform' | 'clock' | 'config' | 'media' | 'queue' | 'social' | 'catalogue'
>;

/** The first instant of the clock's calendar month, UTC. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** 128 random bits: short, and not guessable. */
const newShareCode = () => randomBytes(16).toString('base64url');

export function shareUrl(config: Pick<AppDeps['config'], 'APP_URL'>, code: string): string {
  return `${config.APP_URL.replace(/\/+$/, '')}/s/${code}`;
}

function toShareLinkWire(
  config: Pick<AppDeps['config'], 'APP_URL'>,
  link: ShareLinkRow,
  title: string,
): ShareLinkWire {
  const url = shareUrl(config, link.code);
  return {
    metaIdentifier: link.metaIdentifier,
    code: link.code,
    url,
    embedCode: shareEmbedCode(url, title),
    createdAt: link.createdAt.toISOString(),
  };
}

async function gatingOf(
  db: AppDeps['database']['db'] | Tx,
  shop: ShopRow,
  level: PopclipsPlanLevel,
  now: Date,
) {
  const [shared, thisMonth] = await Promise.all([
    sharedClipIds(db, shop.id),
    countSharesSince(db, shop.id, monthStart(now)),
  ]);
  return { wire: toShareGatingWire(level, shared, thisMonth), thisMonth };
}

/** GET share-gating: the shop's share metadata, and the asked clip's state and link. */
export async function shareGating(
  deps: SharingDeps,
  shopDomain: string,
  metaIdentifier: string | undefined,
): Promise<{ data: ShareGatingResponse }> {
  const ctx = await clipContext(deps, shopDomain);
  const clip = metaIdentifier ? await requireClip(deps, ctx, metaIdentifier) : null;
  const db = deps.database.db;
  const { wire, thisMonth } = await gatingOf(db, ctx.shop, ctx.level, deps.clock.now());
  if (!clip) return { data: { ...wire, state: null, link: null } };
  const link = await findShareLinkByClip(db, clip.id);
  const state = shareState({
    level: ctx.level,
    alreadyGenerated: link !== undefined,
    sharedThisMonth: thisMonth,
  });
  return {
    data: {
      ...wire,
      state,
      link: link ? toShareLinkWire(deps.config, link, clip.title) : null,
    },
  };
}

/**
 * POST share-gating { metaIdentifier }: the clip's link, made the first time (created: true).
 * The shop row is locked while counting, so two calls cannot both take the fifth share.
 */
export async function generateShareLink(
  deps: SharingDeps,
  shopDomain: string,
  metaIdentifier: string,
): Promise<{ created: boolean; body: { data: ShareGatingResponse } }> {
  const ctx = await clipContext(deps, shopDomain);
  const clip: PopclipRow = await requireClip(deps, ctx, metaIdentifier);
  const now = deps.clock.now();
  const result = await withShopLock(deps.database.db, ctx.shop.id, async (tx) => {
    const existing = await findShareLinkByClip(tx, clip.id);
    if (existing) return { created: false, link: existing };
    const limit = monthlyShareLimit(ctx.level);
    const thisMonth = await countSharesSince(tx, ctx.shop.id, monthStart(now));
    if (limit !== null && thisMonth >= limit) {
      throw new HttpError(403, SHARE_LIMIT_MESSAGE, {
        reason: 'share_limit',
        max_share: limit,
        total_share: thisMonth,
      });
    }
    const link = await insertShareLink(tx, {
      shopId: ctx.shop.id,
      popclipId: clip.id,
      metaIdentifier: clip.metaIdentifier,
      code: newShareCode(),
      createdAt: now,
    });
    return { created: true, link };
  });
  const { wire } = await gatingOf(deps.database.db, ctx.shop, ctx.level, now);
  return {
    created: result.created,
    body: {
      data: {
        ...wire,
        state: 'generated',
        link: toShareLinkWire(deps.config, result.link, clip.title),
      },
    },
  };
}
