import rateLimit from '@fastify/rate-limit';
import { sharingContract as contract } from '@popstage/core/sharing';
import { shopIsServed } from '@popstage/core/shop';
import { defaultSource } from '@popstage/core/storefront';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { MEDIA_URL_SECONDS } from '../../platform/storage/port';
import { renderNotFoundPage, renderSharePage, SHARE_PAGE_CSP } from './page';
import { shareUrl } from './service';
import { renderVideoSitemap } from './sitemap';
import { findServedShop, findSharedClip, sharedClipsOfShop } from './store';
import { clipTranscript } from './transcript';

/** Requests per client IP and minute on the public share pages (ours). */
export const SHARE_PAGE_RATE_LIMIT = 120;

const CODE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * GET /s/{code}: the public page of a shared clip (no token). Anyone may frame it (the embed
 * code is an iframe of it), so its CSP says frame-ancestors * and nothing else runs on it.
 * Clips of deactivated or uninstalled shops are not served, as on the storefront. The answer is
 * HTML: Fastify sends a string with a text/html type as it is (the contract's response schema
 * applies to JSON answers only).
 */
export async function sharePageRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  await app.register(rateLimit, {
    max: SHARE_PAGE_RATE_LIMIT,
    timeWindow: '1 minute',
  });

  serveRoute(app, contract.page, async ({ params }, reply) => {
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', SHARE_PAGE_CSP)
      .header('cross-origin-resource-policy', 'cross-origin');
    const { code } = params;
    const found = CODE.test(code) ? await findSharedClip(deps.database.db, code) : undefined;
    if (!found || !shopIsServed(found.shop)) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(renderNotFoundPage());
    }
    const { clip, shop, link } = found;
    const sign = async (key: string | null) =>
      key
        ? (await deps.media.createSignedDownloadUrl(key, { expiresIn: MEDIA_URL_SECONDS })).url
        : null;
    const [videoUrl, posterUrl, transcript] = await Promise.all([
      // A rendition (never the original); clips from before the ladder keep their playable file.
      sign(defaultSource(clip.renditions)?.key ?? clip.playableKey),
      sign(clip.customThumbnailKey ?? clip.posterKey ?? clip.thumbnailKey),
      clipTranscript(deps.media, clip.captions),
    ]);
    // The signed URLs last hours; a short private cache keeps them fresh.
    reply.header('cache-control', 'private, max-age=300');
    return renderSharePage({
      url: shareUrl(deps.config, link.code),
      title: clip.title,
      shopName: shop.shopName,
      videoUrl,
      posterUrl,
      width: clip.width,
      height: clip.height,
      products: clip.products,
      durationSeconds: clip.durationSeconds,
      uploadedAt: clip.createdAt,
      transcript,
    });
  });

  serveRoute(app, contract.sitemap, async ({ params }, reply) => {
    const shop = await findServedShop(deps.database.db, params.shop);
    if (!shop) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: 'Not Found', message: 'No such shop' });
    }
    const entries = await sharedClipsOfShop(deps.database.db, shop.id);
    const sign = async (key: string | null) =>
      key
        ? (await deps.media.createSignedDownloadUrl(key, { expiresIn: MEDIA_URL_SECONDS })).url
        : null;
    const videos = await Promise.all(
      entries.map(async ({ clip, link }) => ({
        url: shareUrl(deps.config, link.code),
        title: clip.title,
        shopName: shop.shopName,
        videoUrl: await sign(defaultSource(clip.renditions)?.key ?? clip.playableKey),
        posterUrl: await sign(clip.customThumbnailKey ?? clip.posterKey ?? clip.thumbnailKey),
        durationSeconds: clip.durationSeconds,
        uploadedAt: clip.createdAt,
      })),
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderVideoSitemap(videos));
  });
}
