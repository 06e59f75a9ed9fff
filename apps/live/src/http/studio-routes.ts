import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LiveContext } from '../context';
import { sameToken, studioToken } from '../shows/ids';
import {
  blockViewer,
  hideMessage,
  pinProduct,
  postChat,
  recentChat,
  showState,
} from '../shows/interactions';
import { endShow, findSeller, goLive, requireShow, showsOf } from '../shows/lifecycle';
import { toShowWire } from '../shows/show-wire';
import { studioApi } from './contracts';
import { conflict, forbidden, HttpError, notFound } from './errors';
import { serveRoute } from './serve';

/** The seller's display name in the chat: their store's name from the seller payload. */
export function storeNameOf(payload: Record<string, unknown>): string {
  const store = payload.store as { storeName?: unknown } | undefined;
  return typeof store?.storeName === 'string' && store.storeName ? store.storeName : 'Seller';
}

/**
 * Checks the studio token for the seller in the path: the bearer header, or `?key=` for the
 * ingest WebSocket (a browser cannot set its headers). Another seller's token is refused (403).
 */
export function requireStudioToken(ctx: LiveContext, request: FastifyRequest): void {
  const { sellerId } = request.params as { sellerId?: string };
  const header = request.headers.authorization;
  const query = (request.query as { key?: unknown } | undefined)?.key;
  const presented = header?.startsWith('Bearer ')
    ? header.slice(7)
    : typeof query === 'string'
      ? query
      : undefined;
  if (!presented) throw new HttpError(401, 'Open the studio from the Popstage app.');
  if (!sellerId || !sameToken(presented, studioToken(ctx.secret, sellerId))) {
    throw forbidden('This studio link is not valid for this seller.');
  }
}

/** The studio's API: the seller's own shows only, with the studio token of that seller. */
export function studioRoutes(ctx: LiveContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => requireStudioToken(ctx, request));
    const wire = (row: Parameters<typeof toShowWire>[0]) =>
      toShowWire(row, { baseUrl: ctx.baseUrl, storage: ctx.media.storage });

    serveRoute(app, studioApi.shows, async (request) => {
      const seller = await findSeller(ctx, request.params.sellerId);
      if (!seller) throw notFound('This seller does not exist.');
      const rows = await showsOf(ctx, seller.id);
      return { storeName: storeNameOf(seller.payload), shows: rows.map(wire) };
    });

    serveRoute(app, studioApi.state, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      return {
        ...(await showState(ctx, row)),
        chat: (await recentChat(ctx, row.id, true)) as never,
      };
    });

    serveRoute(app, studioApi.goLive, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      // One show on air per seller: the studio ends the other first.
      const onAir = (await showsOf(ctx, row.sellerId)).find(
        (show) => show.status === 'live' && show.id !== row.id,
      );
      if (onAir) throw conflict(`End “${onAir.title}” before going live with another show.`);
      await goLive(ctx, row.id);
      const ws = ctx.baseUrl.replace(/^http/, 'ws');
      const path = `/v1/studio/${encodeURIComponent(row.sellerId)}/shows/${encodeURIComponent(row.id)}/ingest`;
      return { ingest: `${ws}${path}` };
    });

    serveRoute(app, studioApi.end, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      return { show: wire(await endShow(ctx, row.id)) };
    });

    serveRoute(app, studioApi.pin, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      return pinProduct(ctx, row, request.body.productId);
    });

    serveRoute(app, studioApi.chat, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      const seller = await findSeller(ctx, row.sellerId);
      const name = storeNameOf(seller?.payload ?? {});
      return { message: await postChat(ctx, row, { seller: true, name }, request.body.text) };
    });

    serveRoute(app, studioApi.hide, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      await hideMessage(ctx, row, request.params.messageId);
      return null;
    });

    serveRoute(app, studioApi.block, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      await blockViewer(ctx, row, request.body.viewerId);
      return null;
    });

    serveRoute(app, studioApi.rtmp, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      return { url: ctx.rtmpUrl, streamKey: row.streamKey };
    });
  };
}
