import { monthlyShareLimit, type PopclipsPlanLevel } from '../billing/plan-level';
import { EMBED_SIZE } from './constants';

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

/** A clip's share link (POST share-gating). */
export interface ShareLinkWire {
  metaIdentifier: string;
  /** The public page's code: /s/{code}. */
  code: string;
  url: string;
  /** A 400x700 iframe of the share page (spec 02 §9 embed size). */
  embedCode: string;
  createdAt: string;
}

/** share-gating answers: the shop's share metadata, plus the asked clip's state and link. */
export interface ShareGatingResponse extends ShareGatingWire {
  state: ShareState | null;
  link: ShareLinkWire | null;
}

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The iframe merchants paste anywhere: the share page at the spec's embed size. */
export function shareEmbedCode(url: string, title: string): string {
  const attr = (value: string) => value.replace(/[&<>"']/g, (c) => ATTRIBUTE_ENTITIES[c] ?? c);
  return `<iframe src="${attr(url)}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" style="border:0;max-width:100%" allow="autoplay; fullscreen; picture-in-picture" loading="lazy" title="${attr(title)}"></iframe>`;
}
