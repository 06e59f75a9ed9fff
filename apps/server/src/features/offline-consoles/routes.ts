import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findSandboxSeller, sandboxReplayDir } from '../../platform/live/sandbox-live-platform';
import { endShow, goLive, sandboxShowsOf } from '../../platform/live/sandbox-live-shows';
import { listOutbox } from '../../platform/sms/sandbox-otp-sender';
import { receivedSupportRequests } from '../help';
import {
  renderLiveDashboardPage,
  renderOutboxPage,
  renderSupportPage,
  renderUnknownSellerPage,
} from './pages';

const phoneQuery = z.object({
  // A '+' typed into the filter or sent unencoded arrives as a space.
  phone: z
    .string()
    .max(32)
    .transform((value) => value.trim().replace(/^(?=\d)/, '+'))
    .optional()
    .catch(undefined),
});

/**
 * /sandbox pages of the external services' stand-ins: the SMS outbox (HTML and JSON for e2e),
 * the support desk, and the live platform's seller dashboards. Registered inside sandboxRoutes.
 */
export const offlineConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });
  // The live dashboard's buttons are plain forms.
  await app.register(formbody);

  app.get('/outbox', { schema: { querystring: phoneQuery } }, async (request, reply) => {
    const phone = request.query.phone || undefined;
    const page = html(renderOutboxPage(await listOutbox(db, phone), phone));
    return reply.type(page.type).header('cache-control', 'no-store').send(page.body);
  });

  app.get('/api/outbox', { schema: { querystring: phoneQuery } }, async (request, reply) => {
    const messages = await listOutbox(db, request.query.phone || undefined);
    return reply.header('cache-control', 'no-store').send({
      messages: messages.map((m) => ({
        id: m.id,
        to: m.phone,
        code: m.code,
        body: m.body,
        shopDomain: m.shopDomain,
        sentAt: m.sentAt.toISOString(),
      })),
    });
  });

  app.get('/support', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderSupportPage(await receivedSupportRequests(db))),
  );

  app.get(
    '/live/:sellerId',
    { schema: { params: z.object({ sellerId: z.string().max(100) }) } },
    async (request, reply) => {
      const seller = await findSandboxSeller(db, request.params.sellerId);
      const shows = seller ? await sandboxShowsOf(db, seller.sellerId) : [];
      return reply
        .status(seller ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(seller ? renderLiveDashboardPage(seller, shows) : renderUnknownSellerPage());
    },
  );

  // The seller goes live and ends the show; ending records its replay (a test pattern).
  const showParams = z.object({ sellerId: z.string().max(100), showId: z.string().max(100) });
  app.post(
    '/live/:sellerId/shows/:showId/go-live',
    { schema: { params: showParams } },
    async (request, reply) => {
      const { sellerId, showId } = request.params;
      await goLive(db, sellerId, showId, app.deps.clock.now());
      return reply.redirect(`/sandbox/live/${encodeURIComponent(sellerId)}`, 303);
    },
  );
  app.post(
    '/live/:sellerId/shows/:showId/end',
    { schema: { params: showParams } },
    async (request, reply) => {
      const { sellerId, showId } = request.params;
      const replayDir = sandboxReplayDir(app.deps.config.DATA_DIR);
      await endShow(db, sellerId, showId, app.deps.clock.now(), replayDir);
      return reply.redirect(`/sandbox/live/${encodeURIComponent(sellerId)}`, 303);
    },
  );
};
