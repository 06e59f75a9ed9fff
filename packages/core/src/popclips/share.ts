import { monthlyShareLimit, type PopclipsPlanLevel } from '../billing/plan-level';

/** Share links (spec 02 §2, §6): one per clip; 5 a month on free, unlimited on paid levels. */

export type ShareState = 'generated' | 'can_generate' | 'limit_reached';

export interface ShareFacts {
  level: PopclipsPlanLevel;
  /** The clip already has its link. */
  alreadyGenerated: boolean;
  /** Links generated this month by the shop. */
  sharedThisMonth: number;
}

export function shareState({ level, alreadyGenerated, sharedThisMonth }: ShareFacts): ShareState {
  if (alreadyGenerated) return 'generated';
  const limit = monthlyShareLimit(level);
  return limit !== null && sharedThisMonth >= limit ? 'limit_reached' : 'can_generate';
}

/** GET /api/shopify/shop/popclips/share-gating: max_share -1 means unlimited. */
export interface ShareGatingWire {
  /** metaIdentifiers of the clips that have a link. */
  clips_shared: string[];
  max_share: number;
  total_share: number;
}

export function toShareGatingWire(
  level: PopclipsPlanLevel,
  clipsShared: string[],
  sharedThisMonth: number,
): ShareGatingWire {
  return {
    clips_shared: clipsShared,
    max_share: monthlyShareLimit(level) ?? -1,
    total_share: sharedThisMonth,
  };
}
