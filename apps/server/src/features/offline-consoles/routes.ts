import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox } from '../../platform/sms/sandbox-otp-sender';
import { receivedSupportRequests } from '../help';
import { renderOutboxPage, renderSupportPage } from './pages';

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
 * and the support desk. Registered inside sandboxRoutes.
 */
export const offlineConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });

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
};
