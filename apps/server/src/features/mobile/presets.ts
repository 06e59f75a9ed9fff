import { NO_REVIEW } from '@popstage/core/mobile';
import type { MobilePreset } from '@popstage/core/operator';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mobileAppRequests } from '../../db/schema';

/**
 * Presets for the app's branded-app request (mobile_app_requests), so staff (and the sandbox) can
 * reach the landing card's and the mobile banners' states without the real app-build service.
 */

export type MobileAppRequest = Omit<typeof mobileAppRequests.$inferSelect, 'shopId'>;
type RequestValues = Omit<MobileAppRequest, 'updatedAt'>;

const EMPTY: RequestValues = {
  requestId: null,
  skIdentifier: null,
  fields: null,
  ...NO_REVIEW,
  submittedAt: null,
};

/** Every column is written, so switching presets leaves nothing of the previous one behind. */
function presetValues(preset: Exclude<MobilePreset, 'none'>, now: Date): RequestValues {
  const submitted = { ...EMPTY, submittedAt: now };
  switch (preset) {
    case 'submitted':
      return submitted;
    case 'ios_live':
      return {
        ...submitted,
        iosStatus: 'LIVE',
        iosLink: 'https://apps.apple.com/app/id6450000001',
      };
    case 'blocked':
      return {
        ...submitted,
        androidStatus: 'BLOCKED',
        blockedDescription: 'Google Play rejected the listing: the app name is already in use.',
      };
    case 'customer_action':
      return {
        ...submitted,
        iosStatus: 'CUSTOMER',
        customerIssue: 'Apple needs a demo customer account to review the app.',
      };
  }
}

export async function writeMobilePreset(db: Db, shopId: string, preset: MobilePreset, now: Date) {
  if (preset === 'none') {
    await db.delete(mobileAppRequests).where(eq(mobileAppRequests.shopId, shopId));
    return;
  }
  const values = { ...presetValues(preset, now), updatedAt: now };
  await db
    .insert(mobileAppRequests)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: mobileAppRequests.shopId, set: values });
}

export async function readMobileAppRequest(
  db: Db,
  shopId: string,
): Promise<MobileAppRequest | null> {
  const [row] = await db
    .select()
    .from(mobileAppRequests)
    .where(eq(mobileAppRequests.shopId, shopId));
  if (!row) return null;
  const { shopId: _, ...request } = row;
  return request;
}
