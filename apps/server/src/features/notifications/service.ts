import {
  type ComposeNotification,
  NOTIFICATION_MESSAGES as M,
  scheduleError,
} from '@popstage/core/notifications';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { shopTimeZone } from '../analytics';
import { requireMobile } from '../mobile';
import { featureFlagsOf } from '../shop';
import { dropDelivery, queueDelivery } from './deliver-job';
import { deleteUnsent, insertNotification } from './notification-store';

type Deps = Pick<AppDeps, 'database' | 'queue' | 'clock' | 'catalogue' | 'platform'>;

/** The mobile feature, and push not switched off for the shop (the server's gate). */
export function requirePush(deps: Pick<AppDeps, 'catalogue'>, tenant: Tenant): void {
  requireMobile(deps, tenant);
  if (featureFlagsOf(tenant.shop).disable_push_notification) {
    throw new HttpError(403, M.pushDisabled, { reason: 'flag' });
  }
}

/** Stores the notification and queues its delivery now or at its time (checked in the shop's zone). */
export async function composeNotification(
  deps: Deps,
  tenant: Tenant,
  body: Omit<ComposeNotification, 'type' | 'sentAt'> & { sentAt?: string | null | undefined },
) {
  requirePush(deps, tenant);
  const now = deps.clock.now();
  let scheduledAt = now;
  if (body.sentAt) {
    scheduledAt = new Date(body.sentAt);
    const zone = await shopTimeZone(deps, tenant.shop);
    const error = scheduleError(scheduledAt, now, zone);
    if (error) throw new HttpError(400, error, { field: 'sentAt' });
  }
  const { db } = deps.database;
  const row = await insertNotification(db, {
    shopId: tenant.shop.id,
    title: body.title,
    body: body.body,
    route: body.route ?? null,
    customerIds: body.customerIds ?? null,
    scheduledAt,
  });
  try {
    await queueDelivery(deps.queue, row.id, body.sentAt ? scheduledAt : null);
  } catch (error) {
    await deleteUnsent(db, tenant.shop.id, row.id);
    throw new HttpError(500, M.sendFailed, { cause: (error as Error).message });
  }
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    sentAt: body.sentAt ? scheduledAt.toISOString() : null,
    scheduledAt: scheduledAt.toISOString(),
  };
}

export async function deleteNotification(deps: Deps, tenant: Tenant, id: string): Promise<void> {
  const outcome = await deleteUnsent(deps.database.db, tenant.shop.id, id);
  if (outcome === 'missing') throw new HttpError(404, 'No such notification');
  if (outcome === 'sent') throw new HttpError(409, M.sentNotDeletable);
  await dropDelivery(deps.queue, id);
}
