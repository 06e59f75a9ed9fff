import { notificationsContract as contract } from '@popstage/core/notifications';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { shopTimeZone } from '../analytics';
import { requireMobile } from '../mobile';
import { notificationCursor, notificationPage, notificationWire } from './notification-store';
import { composeNotification, deleteNotification } from './service';

/** The notifications tab and compose page (spec 03 §7); every call needs the mobile feature. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.list, async ({ tenant, query }) => {
    requireMobile(deps, tenant);
    const key = query.cursor ? notificationCursor.decode(query.cursor) : null;
    if (query.cursor && !key) throw new HttpError(400, 'Invalid cursor');
    const [page, timeZone] = await Promise.all([
      notificationPage(deps.database.db, tenant.shop.id, query.limit, key),
      shopTimeZone(deps, tenant.shop),
    ]);
    const first = page.rows[0];
    const last = page.rows.at(-1);
    const at = (row: typeof first) => row?.scheduledAt.toISOString() ?? '';
    return {
      data: {
        items: page.rows.map(notificationWire),
        hasPreviousPage: page.hasPrevious,
        hasNextPage: page.hasNext,
        cursor: {
          previous:
            page.hasPrevious && first
              ? notificationCursor.encode({ at: at(first), id: first.id, dir: 'previous' })
              : null,
          next:
            page.hasNext && last
              ? notificationCursor.encode({ at: at(last), id: last.id, dir: 'next' })
              : null,
        },
        timeZone,
      },
    };
  });

  serveRoute(app, contract.compose, async ({ tenant, body }) =>
    composeNotification(deps, tenant, body),
  );

  serveRoute(app, contract.remove, async ({ tenant, params }) => {
    requireMobile(deps, tenant);
    await deleteNotification(deps, tenant, params.id);
    return { success: true as const };
  });
}
