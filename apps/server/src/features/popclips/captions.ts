import {
  CAPTIONS_PER_CLIP,
  type CaptionBody,
  CAPTION_MESSAGES as M,
} from '@popstage/core/captions';
import { and, eq } from 'drizzle-orm';
import { type PopclipRow, popclips, type StoredCaption } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { assertValidObjectKey } from '../../platform/storage/keys';
import { MEDIA_URL_SECONDS } from '../../platform/storage/port';
import type { Tenant } from '../../tenant';
import { clipFolder } from './media-keys';
import { requireClip } from './service';

type CaptionDeps = Pick<AppDeps, 'database' | 'media' | 'clock'>;

/** Each upload gets its own key: a replaced file is never served from a cached URL. */
const captionKey = (row: PopclipRow, language: string, at: Date) =>
  assertValidObjectKey(
    `${clipFolder(row.shopId, row.metaIdentifier)}/captions-${language}-${at.getTime()}.vtt`,
  );

async function saveCaptions(deps: CaptionDeps, row: PopclipRow, captions: StoredCaption[]) {
  await deps.database.db
    .update(popclips)
    .set({ captions, updatedAt: deps.clock.now() })
    .where(and(eq(popclips.id, row.id), eq(popclips.shopId, row.shopId)));
}

export async function signedCaption(deps: Pick<AppDeps, 'media'>, caption: StoredCaption) {
  const { url } = await deps.media.createSignedDownloadUrl(caption.key, {
    expiresIn: MEDIA_URL_SECONDS,
  });
  return { language: caption.language, label: caption.label, url };
}

export async function listCaptions(deps: CaptionDeps, tenant: Tenant, metaIdentifier: string) {
  const row = await requireClip(deps, tenant, metaIdentifier);
  return Promise.all(row.captions.map((caption) => signedCaption(deps, caption)));
}

/** Adds or replaces one language's WebVTT file (validated by the contract's schema). */
export async function putCaption(
  deps: CaptionDeps,
  tenant: Tenant,
  metaIdentifier: string,
  language: string,
  body: CaptionBody,
) {
  const row = await requireClip(deps, tenant, metaIdentifier);
  const previous = row.captions.find((caption) => caption.language === language);
  if (!previous && row.captions.length >= CAPTIONS_PER_CLIP) throw badRequest(M.tooMany);
  const bytes = Buffer.from(body.vtt, 'utf8');
  const key = captionKey(row, language, deps.clock.now());
  await deps.media.putObject(key, bytes, {
    contentType: 'text/vtt; charset=utf-8',
    contentLength: bytes.length,
  });
  const caption = { language, label: body.label, key };
  const others = row.captions.filter((c) => c.language !== language);
  await saveCaptions(deps, row, [...others, caption]);
  if (previous) await deps.media.deleteObject(previous.key).catch(() => {});
  return signedCaption(deps, caption);
}

export async function removeCaption(
  deps: CaptionDeps,
  tenant: Tenant,
  metaIdentifier: string,
  language: string,
) {
  const row = await requireClip(deps, tenant, metaIdentifier);
  const caption = row.captions.find((c) => c.language === language);
  if (!caption) throw notFound(M.notFound);
  await saveCaptions(
    deps,
    row,
    row.captions.filter((c) => c.language !== language),
  );
  await deps.media.deleteObject(caption.key).catch(() => {});
  return { language };
}
