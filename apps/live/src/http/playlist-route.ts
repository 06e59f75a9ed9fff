import type { FastifyInstance, FastifyReply } from 'fastify';
import { playlistEdge, satisfies, tooFarAhead } from '../media/playlist-edge';
import type { PlaylistWatch } from '../shows/playlist-watch';
import type { ShowRow } from '../shows/show-wire';
import { publicApi } from './contracts';
import { badRequest, HttpError, notFound } from './errors';
import { serveRoute } from './serve';

/** A blocking request is held at most this many target durations (RFC 8216bis §6.2.5.2). */
const HOLD_TARGETS = 3;

/**
 * A playlist asked for without directives may be a second old; a blocking answer stays true
 * for its URL (that segment or part exists), so a CDN may share it among the viewers asking.
 */
const CACHE_NOW = 'public, max-age=1';
const CACHE_BLOCKING = 'public, max-age=6';

const NOT_STREAMING = 'This show is not streaming.';

/**
 * GET /v1/public/shows/:showId/live.m3u8: the live playlist with LL-HLS blocking reload, which a
 * CDN or object store cannot do (it cannot hold a request until the playlist has the part).
 */
export function livePlaylistRoute(
  app: FastifyInstance,
  playlists: PlaylistWatch,
  requireShow: (showId: string) => Promise<ShowRow>,
): void {
  const send = (reply: FastifyReply, playlist: string, cacheControl: string) =>
    reply
      .type('application/vnd.apple.mpegurl')
      .header('cache-control', cacheControl)
      .send(playlist);

  serveRoute(
    app,
    publicApi.livePlaylist,
    async (request, reply) => {
      // Errors change as the show does: no cache may keep them.
      reply.header('cache-control', 'no-store');
      const show = await requireShow(request.params.showId);
      if (show.status !== 'live' || !show.hlsReady) throw notFound(NOT_STREAMING);
      const playlist = await playlists.read(show.id);
      const edge = playlist === null ? null : playlistEdge(playlist);
      if (playlist === null || !edge) throw notFound(NOT_STREAMING);

      const { _HLS_msn: msn, _HLS_part: part } = request.query;
      if (msn === undefined) return send(reply, playlist, CACHE_NOW);
      const wanted = { msn, part };
      if (tooFarAhead(edge, wanted)) {
        throw badRequest(`Segment ${msn} is too far past the live edge (${edge.lastSegment}).`);
      }
      if (satisfies(edge, wanted)) return send(reply, playlist, CACHE_BLOCKING);

      const gone = new AbortController();
      request.raw.on('close', () => gone.abort());
      const later = await playlists.wait(show.id, wanted, {
        timeoutMs: HOLD_TARGETS * edge.targetDuration * 1000,
        signal: gone.signal,
      });
      if (later === null) throw new HttpError(503, 'The stream did not reach that part in time.');
      return send(reply, later, CACHE_BLOCKING);
    },
    {
      validateResponse: false,
      // Its own counter (a route's rateLimit config has one), not the 240/min of the others:
      // a low-latency player reloads the playlist about three times a second.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
  );
}
