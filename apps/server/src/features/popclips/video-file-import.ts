import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { displayTargetsFor, TITLE_MAX_LENGTH } from '@popstage/core/popclips';
import type { Tenant } from '../../tenant';
import { completeStep } from '../onboarding';
import { assertCanCreate } from './creation-limit';
import { clipFolder } from './media-keys';
import { resolveTaggedProducts } from './products';
import { type PopclipDeps, queueProcessing, type SavedClip } from './service';
import { insertPopclip } from './store';

/**
 * A clip from a video file the server already holds (a live show's replay segment): stored as the
 * clip's original, then processed by the clip job like an upload. The same limits apply.
 */
export async function importVideoFile(
  deps: PopclipDeps,
  tenant: Tenant,
  input: { title: string; productIds: readonly string[]; file: string },
): Promise<SavedClip> {
  const { shop } = tenant;
  await assertCanCreate(deps, tenant);
  const products = await resolveTaggedProducts(
    deps,
    shop,
    input.productIds.map((shopifyProductId) => ({ shopifyProductId })),
  );
  const metaIdentifier = randomBytes(10).toString('hex');
  const originalKey = `${clipFolder(shop.id, metaIdentifier)}/original-live.mp4`;
  const { size } = await stat(input.file);
  await deps.media.putObject(originalKey, createReadStream(input.file), {
    contentType: 'video/mp4',
    contentLength: size,
  });
  const now = deps.clock.now();
  const row = await insertPopclip(deps.database.db, {
    shopId: shop.id,
    metaIdentifier,
    title: Array.from(input.title).slice(0, TITLE_MAX_LENGTH).join('').trim() || 'Live clip',
    status: 'processing',
    source: 'device',
    originalKey,
    originalContentType: 'video/mp4',
    originalDeclaredSize: size,
    products,
    displayTargets: displayTargetsFor(false),
    createdAt: now,
    updatedAt: now,
  });
  await completeStep(deps.database.db, shop.id, 'STEP_ADD_YOUR_FIRST_POPCLIP', now);
  await queueProcessing(deps, { clipId: row.id }, row);
  return { row, featuredPopclipId: shop.featuredPopclipId };
}
