import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { LiveContext } from '../context';
import { validIngestTicket } from '../shows/ids';
import { adoptSession, requireShow } from '../shows/lifecycle';
import { HttpError } from './errors';

const params = z.object({
  sellerId: z.string().min(1).max(100),
  showId: z.string().min(1).max(100),
});
/** A MediaRecorder chunk of 200 ms stays far below this, even at a high bitrate. */
const MAX_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The studio's camera: WebM chunks (MediaRecorder, 200 ms apart) over a WebSocket, written in
 * order to the show's packaging session. A new connection (the studio reconnecting) starts a new
 * session; closing the socket ends the session's input, and End makes the replay.
 */
export function ingestRoute(ctx: LiveContext) {
  return async (app: FastifyInstance) => {
    await app.register(websocket, { options: { maxPayload: MAX_CHUNK_BYTES } });
    app.get(
      '/v1/studio/:sellerId/shows/:showId/ingest',
      {
        websocket: true,
        schema: { params, querystring: z.object({ ticket: z.string().max(200).optional() }) },
        preValidation: async (request) => {
          const { sellerId, showId } = request.params as z.infer<typeof params>;
          const { ticket } = request.query as { ticket?: string };
          if (!validIngestTicket(ctx.secret, showId, ticket, ctx.now())) {
            throw new HttpError(403, 'Go live from the studio to send the camera.');
          }
          const show = await requireShow(ctx, sellerId, showId);
          if (show.status !== 'live') throw new HttpError(409, 'This show is not live.');
        },
      },
      (socket, request) => {
        const { showId } = request.params as z.infer<typeof params>;
        const session = ctx.media.startBrowser(showId);
        adoptSession(ctx, showId, session);
        const input = session.input;
        socket.on('message', (data: Buffer, isBinary: boolean) => {
          if (!isBinary || !input || input.destroyed) return;
          // Backpressure: ffmpeg slower than the camera means the broadcast cannot keep up.
          if (!input.write(data)) {
            socket.pause();
            input.once('drain', () => socket.resume());
          }
        });
        socket.on('close', () => {
          if (input && !input.destroyed && !input.writableEnded) input.end();
        });
        input?.on('error', () => socket.close(1011, 'packaging failed'));
      },
    );
  };
}
