import { effectiveLimitAccess, isUnlimited } from '@popstage/core/billing';
import { creationBlockedMessage } from '@popstage/core/popclips';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';
import {
  overViewLimit,
  readViewLimit,
  storedLimitApplies,
  viewsPeriod,
  viewsSince,
} from '../billing';

/**
 * Creating is blocked while the view limit applies (spec 02 §2): 403 with the modal text. Decided
 * on numbers: the limit is the tenant's plan fact, the period starts with its subscription, and
 * the shop is limited when the view-limits job's stored flag holds for that period and limit, or
 * when the views counted so far reach it (the job may not have caught up yet). An unlimited plan
 * reads nothing.
 */
export async function assertCanCreate(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  tenant: Tenant,
): Promise<void> {
  const { maxViews, subscription } = tenant.plan;
  if (isUnlimited(maxViews)) return;
  const db = deps.database.db;
  const { start } = viewsPeriod(subscription?.activatedAt, deps.clock.now());
  const [stored, totalViews] = await Promise.all([
    readViewLimit(db, tenant.shop.id),
    viewsSince(db, tenant.shop.id, start),
  ]);
  const limited =
    storedLimitApplies(stored, { start, maxViews }) || overViewLimit(maxViews, totalViews);
  const blocked = creationBlockedMessage({
    limitAccess: effectiveLimitAccess(limited, tenant.shop.shopifyDomain),
    maxViews,
  });
  if (blocked) throw new HttpError(403, blocked, { reason: 'view_limit' });
}
