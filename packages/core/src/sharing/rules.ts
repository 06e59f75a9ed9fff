import { monthlyShareLimit, type PopclipsPlanLevel } from '../billing/plan-level';
import type { ShareGatingWire, ShareState } from './contract';

/** Share links (spec 02 §2, §6): one per clip; 5 a month on free, unlimited on paid levels. */

/** Storefront embed size in pixels (spec 02 §9). */
const EMBED_SIZE = { width: 400, height: 700 } as const;

interface ShareFacts {
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
