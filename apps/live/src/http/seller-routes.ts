import { and, eq, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LiveContext } from '../context';
import { sellers } from '../db/schema';
import { showMediaKeys } from '../media/port';
import { newId, sameToken, studioToken } from '../shows/ids';
import { deleteSeller, findSeller, requireShow, scheduleShow, showsOf } from '../shows/lifecycle';
import { toShowWire } from '../shows/show-wire';
import { sellerApi } from './contracts';
import { badRequest, conflict, HttpError, notFound } from './errors';
import { serveRoute } from './serve';

/** The seller's studio address: the token in the fragment never reaches logs or Referer. */
export const dashboardUrl = (ctx: LiveContext, sellerId: string) =>
  `${ctx.baseUrl}/studio/${encodeURIComponent(sellerId)}#key=${studioToken(ctx.secret, sellerId)}`;

/** The seller API the app calls with the service's API key (Authorization: Bearer). */
export function sellerRoutes(ctx: LiveContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      const presented = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      if (!sameToken(presented, ctx.apiKey))
        throw new HttpError(401, 'A valid API key is required.');
    });
    const wire = (row: Parameters<typeof toShowWire>[0]) =>
      toShowWire(row, { baseUrl: ctx.baseUrl, storage: ctx.media.storage });
    const requireSeller = async (sellerId: string) => {
      if (!(await findSeller(ctx, sellerId))) throw notFound('This seller does not exist.');
    };

    serveRoute(app, sellerApi.createSeller, async (request) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length < 1 || key.length > 200) {
        throw badRequest('An Idempotency-Key header is required.');
      }
      const { email, phoneNumber, shopifyDomain } = request.body;
      const [known] = await ctx.db.select().from(sellers).where(eq(sellers.idempotencyKey, key));
      if (!known) {
        // Another shop's seller with the same email or phone: the platform's accounts are unique.
        const [taken] = await ctx.db
          .select({ email: sellers.email, phone: sellers.phone })
          .from(sellers)
          .where(
            and(
              ne(sellers.shopDomain, shopifyDomain),
              or(eq(sellers.email, email.toLowerCase()), eq(sellers.phone, phoneNumber)),
            ),
          )
          .limit(1);
        if (taken) {
          const code = taken.email === email.toLowerCase() ? 'email_in_use' : 'phone_in_use';
          throw conflict('This seller’s email or phone is already in use.', { code });
        }
        await ctx.db
          .insert(sellers)
          .values({
            id: newId('seller'),
            idempotencyKey: key,
            shopDomain: shopifyDomain,
            email: email.toLowerCase(),
            phone: phoneNumber,
            payload: request.body,
            createdAt: new Date(ctx.now()),
          })
          .onConflictDoNothing({ target: sellers.idempotencyKey });
      }
      const [seller] = await ctx.db.select().from(sellers).where(eq(sellers.idempotencyKey, key));
      if (!seller) throw new Error('seller vanished after insert');
      return { sellerId: seller.id, dashboardUrl: dashboardUrl(ctx, seller.id) };
    });

    serveRoute(app, sellerApi.scheduleShow, async (request) => {
      await requireSeller(request.params.sellerId);
      return { show: wire(await scheduleShow(ctx, request.params.sellerId, request.body)) };
    });

    serveRoute(app, sellerApi.listShows, async (request) => {
      await requireSeller(request.params.sellerId);
      const rows = await showsOf(ctx, request.params.sellerId);
      return { shows: rows.filter((row) => !row.replayExpired).map(wire) };
    });

    serveRoute(app, sellerApi.getShow, async (request) => {
      const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
      return { show: wire(row) };
    });

    serveRoute(app, sellerApi.deleteSeller, async (request, reply) => {
      await deleteSeller(ctx, request.params.sellerId);
      return reply.code(204).send();
    });

    serveRoute(
      app,
      sellerApi.replay,
      async (request, reply) => {
        const row = await requireShow(ctx, request.params.sellerId, request.params.showId);
        if (!wire(row).replay) throw notFound('This show has no replay.');
        const file = await ctx.media.storage.open(showMediaKeys(row.id).replayMp4);
        if (!file) throw notFound('This show has no replay.');
        return reply.type('video/mp4').header('cache-control', 'private, no-store').send(file);
      },
      { validateResponse: false },
    );
  };
}
