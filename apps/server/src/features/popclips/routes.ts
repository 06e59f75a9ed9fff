import { popclipsContract as contract } from '@popstage/core/popclips';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { importClip } from './import';
import { reuploadVideo } from './reupload';
import { searchMedia } from './search';
import {
  completeUpload,
  createUpload,
  deleteMedia,
  listMedia,
  listMediaByMetaIds,
  setFeatured,
  updateMedia,
} from './service';
import { encodeCursor, toOnePopclipWire, toPopclipsWire } from './wire';

/**
 * The media gallery calls (spec 02 §7) under /api/media, plus csUploadComplete and csImport
 * (ours), and the featured clip, from core's popclips contract. The tenant is request.tenant.
 */
export async function popclipsRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.listMediaById, async ({ tenant, body }) => {
    const page = await listMedia(deps, tenant, body);
    return {
      data: await toPopclipsWire(deps, tenant, page.rows),
      lastEvaluatedKey: page.next ? encodeCursor(page.next) : null,
    };
  });

  serveRoute(app, contract.searchPopclips, async ({ tenant, query }) => {
    const page = await searchMedia(deps, tenant, query);
    return {
      data: await toPopclipsWire(deps, tenant, page.rows),
      page: query.page,
      hasNextPage: page.hasNextPage,
    };
  });

  serveRoute(app, contract.listMediaByMetaIds, async ({ tenant, body }) => ({
    data: await toPopclipsWire(deps, tenant, await listMediaByMetaIds(deps, tenant, body)),
  }));

  serveRoute(app, contract.csUpload, async ({ tenant, body }) => {
    const created = await createUpload(deps, tenant, body);
    return {
      uploadFileUrl: created.uploadFileUrl,
      uploadCustomThumbnailUrl: created.uploadCustomThumbnailUrl,
      clip: await toOnePopclipWire(deps, tenant, created.row, {
        featuredPopclipId: created.featuredPopclipId,
        fresh: true,
      }),
    };
  });

  serveRoute(app, contract.csUploadComplete, async ({ tenant, body }) => ({
    clip: await toOnePopclipWire(
      deps,
      tenant,
      await completeUpload(deps, tenant, body.metaIdentifier),
    ),
  }));

  serveRoute(app, contract.csReupload, async ({ tenant, body }) => {
    const reuploaded = await reuploadVideo(deps, tenant, body);
    return {
      uploadFileUrl: reuploaded.uploadFileUrl,
      clip: await toOnePopclipWire(deps, tenant, reuploaded.row),
    };
  });

  serveRoute(app, contract.csImport, async ({ tenant, body }) => {
    const created = await importClip(deps, tenant, body);
    return {
      clip: await toOnePopclipWire(deps, tenant, created.row, {
        featuredPopclipId: created.featuredPopclipId,
        fresh: true,
      }),
    };
  });

  serveRoute(app, contract.csUpdateMedia, async ({ tenant, body }) => {
    const updated = await updateMedia(deps, tenant, body);
    return {
      item: await toOnePopclipWire(deps, tenant, updated.row, {
        featuredPopclipId: updated.featuredPopclipId,
      }),
      uploadCustomThumbnailUrl: updated.uploadCustomThumbnailUrl,
    };
  });

  serveRoute(app, contract.csDeleteMedia, async ({ tenant, body }) => {
    const deleted = await deleteMedia(deps, tenant, body);
    return {
      success: true as const,
      metaIdentifier: deleted.row.metaIdentifier,
      unpublishedCarousels: deleted.unpublished.map((carousel) => ({
        carousel_id: carousel.id,
        carousel_title: carousel.title,
      })),
    };
  });

  serveRoute(app, contract.featuredPopclip, async ({ tenant, body }) => ({
    success: true as const,
    data: { featuredPopclipId: await setFeatured(deps, tenant, body.popclip_id) },
  }));
}
