import type { PopclipsPlanLevel } from '@popstage/core/billing';
import {
  type ShareGatingResponse,
  type ShareLinkWire,
  shareEmbedCode,
  shareState,
  toShareGatingWire,
} from '@popstage/core/sharing';
import type { ShareLinkRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { type ShareStatus, shareUrl } from './service';

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

/** share-gating's answer: the shop's share metadata, and the asked clip's state and link. */
export function toShareGatingResponse(
  config: Pick<AppDeps['config'], 'APP_URL'>,
  level: PopclipsPlanLevel,
  status: ShareStatus,
): ShareGatingResponse {
  const wire = toShareGatingWire(level, status.sharedClipIds, status.sharedThisMonth);
  const { clip, link } = status;
  if (!clip) return { ...wire, state: null, link: null };
  return {
    ...wire,
    state: shareState({
      level,
      alreadyGenerated: link !== null,
      sharedThisMonth: status.sharedThisMonth,
    }),
    link: link ? toShareLinkWire(config, link, clip.title) : null,
  };
}
