import { randomBytes } from 'node:crypto';
import {
  type CsImportBody,
  canImportFromSocial,
  POPCLIP_VALIDATION_MESSAGES as M,
  POPCLIP_EMPTY_MESSAGES,
  POPCLIP_TOASTS as T,
  TITLE_MAX_LENGTH,
  UPGRADE_BUTTON_PRICE_TEXT,
} from '@popstage/core/popclips';
import { HttpError } from '../../http/errors';
import { SocialImportError } from '../../platform/social/port';
import type { Tenant } from '../../tenant';
import { completeStep } from '../onboarding';
import { assertCanCreate } from './creation-limit';
import { clipFolder } from './media-keys';
import { resolveTaggedProducts } from './products';
import { type PopclipDeps, queueProcessing, type SavedClip } from './service';
import { insertPopclip, setFeaturedPopclip } from './store';

/** The post page is read while the merchant waits; the video itself is fetched by the job. */
const RESOLVE_TIMEOUT_MS = 15_000;

/**
 * csImport: Instagram or TikTok (spec 02 §2). Needs the basic level (add-on ≥ 29.99) or the
 * allow list: else 403 'Access Denied' with the upgrade modal's variant. The post's video is found
 * now (a wrong URL answers at once), then fetched and processed by the clip job like an upload.
 */
export async function importClip(
  deps: PopclipDeps,
  tenant: Tenant,
  body: CsImportBody,
): Promise<SavedClip> {
  const { shop } = tenant;
  if (!canImportFromSocial(tenant.plan.popclipsLevel)) {
    throw new HttpError(403, POPCLIP_EMPTY_MESSAGES.accessDenied, {
      reason: 'plan',
      upgrade: {
        variant: body.sourceType === 'tiktok' ? 'tiktokImport' : 'instagramImport',
        price: UPGRADE_BUTTON_PRICE_TEXT,
      },
    });
  }
  await assertCanCreate(deps, tenant);
  const products = await resolveTaggedProducts(deps, shop, body.products);
  let resolved: { videoUrl: string; title: string | null };
  try {
    resolved = await deps.social.resolve(body.sourceType, body.url, {
      signal: AbortSignal.timeout(RESOLVE_TIMEOUT_MS),
    });
  } catch (error) {
    throw importHttpError(error);
  }
  const metaIdentifier = randomBytes(10).toString('hex');
  const now = deps.clock.now();
  const network = body.sourceType === 'tiktok' ? 'TikTok' : 'Instagram';
  const title = Array.from(body.title ?? resolved.title ?? `${network} clip`)
    .slice(0, TITLE_MAX_LENGTH)
    .join('')
    .trim();
  const row = await insertPopclip(deps.database.db, {
    shopId: shop.id,
    metaIdentifier,
    title: title || `${network} clip`,
    status: 'processing',
    source: body.sourceType,
    sourceUrl: body.url.trim(),
    originalKey: `${clipFolder(shop.id, metaIdentifier)}/original-import.mp4`,
    originalContentType: 'video/mp4',
    products,
    displayTargets: body.display,
    createdAt: now,
    updatedAt: now,
  });
  if (body.featured) await setFeaturedPopclip(deps.database.db, shop.id, metaIdentifier);
  await completeStep(deps.database.db, shop.id, 'STEP_ADD_YOUR_FIRST_POPCLIP', now);
  await queueProcessing(deps, { clipId: row.id, videoUrl: resolved.videoUrl }, row);
  return { row, featuredPopclipId: body.featured ? metaIdentifier : shop.featuredPopclipId };
}

/** Spec 02 §8: a wrong or private post, or a network failure. */
function importHttpError(error: unknown): HttpError {
  if (error instanceof SocialImportError) {
    if (error.failure === 'not_found') return new HttpError(422, T.importUploadFailed);
    if (error.failure === 'too_large') return new HttpError(413, M.videoTooLarge);
  }
  return new HttpError(502, T.importFailed);
}
