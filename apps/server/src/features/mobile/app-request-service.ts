import type { MobileAppCardFacts } from '@popstage/core/billing';
import {
  APP_ICON_SIZE,
  type AppRequest,
  type appRequestBodySchema,
  imageSizeMessage,
  LAUNCH_SCREEN_SIZE,
  MOBILE_MESSAGES,
} from '@popstage/core/mobile';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { mobileAppRequestHistory, mobileAppRequests, shops } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { mobileAppFacts } from './app-request-store';
import { assetKeyOf } from './assets';
import { saveConfigFields } from './config-store';
import { hasExactSize, storedImage } from './image-checks';
import type { MobilePlan } from './plan-gate';
import { isChecklistComplete, readAppSetup } from './setup-store';

type RequestRow = typeof mobileAppRequests.$inferSelect;
type MobileDeps = Pick<AppDeps, 'database' | 'clock' | 'media' | 'storefront' | 'config'>;

/** The request as the build service answers it; null until the merchant submitted one. */
export function requestWire(row: RequestRow | undefined | null): AppRequest | null {
  if (!row?.fields || !row.requestId || !row.submittedAt) return null;
  return {
    ...row.fields,
    request_type: 'VFSNewApp',
    id: row.requestId,
    sk_identifier: row.skIdentifier ?? '',
    iosStatus: row.iosStatus,
    androidStatus: row.androidStatus,
    iosLink: row.iosLink,
    androidLink: row.androidLink,
    customerIssue: row.customerIssue,
    blocked: row.blockedDescription,
    submittedAt: row.submittedAt.toISOString(),
  };
}

async function requestRow(db: Db, shopId: string) {
  const [row] = await db
    .select()
    .from(mobileAppRequests)
    .where(eq(mobileAppRequests.shopId, shopId));
  return row;
}

/** GET app-request: ids given must be the shop's own request's (else 403). */
export async function readAppRequest(
  deps: MobileDeps,
  tenant: Tenant,
  ids: { appRequestId?: string | undefined; appRequestSkId?: string | undefined },
): Promise<AppRequest | null> {
  const request = requestWire(await requestRow(deps.database.db, tenant.shop.id));
  const mismatch =
    (ids.appRequestId !== undefined && ids.appRequestId !== request?.id) ||
    (ids.appRequestSkId !== undefined && ids.appRequestSkId !== request?.sk_identifier);
  if (mismatch) throw new HttpError(403, 'Not this shop’s app request');
  return request;
}

type ParsedBody = z.output<typeof appRequestBodySchema>;

/**
 * The merchant's images must be the ones they uploaded for this shop, be there, and be a gif, jpg
 * or png of exactly the spec's size (icon 1536x1536, launch screen 1000x1600; spec 03 §5).
 */
async function assertOwnImages(deps: MobileDeps, tenant: Tenant, body: ParsedBody) {
  const images = [
    { url: body.iconS3Url, size: APP_ICON_SIZE },
    { url: body.launchS3Url, size: LAUNCH_SCREEN_SIZE },
  ];
  for (const { url, size } of images) {
    const key = assetKeyOf(deps.config.APP_URL, tenant.shop.shopifyDomain, url);
    if (!key || !(await deps.media.headObject(key))) {
      throw new HttpError(400, MOBILE_MESSAGES.fillRequired, { field: 'images' });
    }
    if (!hasExactSize(await storedImage(deps.media, key), size)) {
      throw new HttpError(400, imageSizeMessage(size.width, size.height), { field: 'images' });
    }
  }
}

/**
 * Submit (spec 03 §4, §5): once per shop; the checklist complete, the collection the store's, the
 * images the shop's own. Stores the request (PENDING on the platforms of the plan), the colours and
 * the collection in the config, and the history line, in one transaction.
 */
export async function submitAppRequest(
  deps: MobileDeps,
  tenant: Tenant,
  plan: MobilePlan,
  body: ParsedBody,
): Promise<AppRequest> {
  const { db } = deps.database;
  const shopId = tenant.shop.id;
  if (requestWire(await requestRow(db, shopId))) {
    throw new HttpError(409, MOBILE_MESSAGES.alreadySubmitted);
  }
  if (!isChecklistComplete(await readAppSetup(db, shopId))) {
    throw new HttpError(400, MOBILE_MESSAGES.completeSteps, { field: 'checklist' });
  }
  const collection = await deps.storefront.collectionWithProducts(
    tenant.shop.shopifyDomain,
    body.collectionId,
    1,
  );
  if (!collection) {
    throw new HttpError(400, MOBILE_MESSAGES.selectCollection, { field: 'collection' });
  }
  await assertOwnImages(deps, tenant, body);

  const now = deps.clock.now();
  const { primaryColor, secondaryColor, collectionId, ...fields } = body;
  const requestId = crypto.randomUUID();
  const values = {
    requestId,
    skIdentifier: `${body.request_type}#${requestId}`,
    fields,
    iosStatus: 'PENDING',
    androidStatus: plan.android ? 'PENDING' : null,
    iosLink: null,
    androidLink: null,
    customerIssue: null,
    blockedDescription: null,
    submittedAt: now,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(mobileAppRequests)
      .values({ shopId, ...values })
      .onConflictDoUpdate({ target: mobileAppRequests.shopId, set: values });
    await saveConfigFields(tx, shopId, { primaryColor, secondaryColor, collectionId }, now);
    await tx.insert(mobileAppRequestHistory).values({
      shopId,
      actor: 'merchant',
      change: {
        submitted: requestId,
        iosStatus: values.iosStatus,
        androidStatus: values.androidStatus,
      },
      at: now,
    });
  });
  const stored = requestWire(await requestRow(db, shopId));
  if (!stored) throw new Error('app request not stored');
  return stored;
}

/** POST /api/shopify/shop/app-request: the ids go on the shop, its own request's only. */
export async function linkAppRequest(
  deps: MobileDeps,
  tenant: Tenant,
  ids: { requestId: string; skIdentifier: string },
) {
  const request = requestWire(await requestRow(deps.database.db, tenant.shop.id));
  if (!request || request.id !== ids.requestId || request.sk_identifier !== ids.skIdentifier) {
    throw new HttpError(403, 'Not this shop’s app request');
  }
  await deps.database.db
    .update(shops)
    .set({ appRequestId: ids.requestId, appRequestSkIdentifier: ids.skIdentifier })
    .where(eq(shops.id, tenant.shop.id));
}

/** What staff may set on a request (spec 03 §4); null clears. */
export interface StaffRequestChange {
  iosStatus?: string | null;
  androidStatus?: string | null;
  iosLink?: string | null;
  androidLink?: string | null;
  customerIssue?: string | null;
  blockedDescription?: string | null;
}

/**
 * Staff set the platform states, links, the customer issue and the blocked reason of a submitted
 * request; Android only when the shop's plan has it. Each change is a history line.
 */
export async function setRequestByStaff(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  shopId: string,
  android: boolean,
  change: StaffRequestChange,
) {
  const { db } = deps.database;
  const row = await requestRow(db, shopId);
  if (!row?.submittedAt) {
    throw new HttpError(409, 'The shop has not submitted an app request');
  }
  const touchesAndroid = change.androidStatus != null || change.androidLink != null;
  if (touchesAndroid && !android) {
    throw new HttpError(409, 'Android needs the Pro mobile plan or higher');
  }
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(mobileAppRequests)
      .set({ ...change, updatedAt: now })
      .where(eq(mobileAppRequests.shopId, shopId));
    await tx
      .insert(mobileAppRequestHistory)
      .values({ shopId, actor: 'staff', change: { ...change }, at: now });
  });
}

export async function requestHistory(db: Db, shopId: string) {
  return db
    .select()
    .from(mobileAppRequestHistory)
    .where(eq(mobileAppRequestHistory.shopId, shopId))
    .orderBy(desc(mobileAppRequestHistory.id));
}

/** Read for the config API: the app's name is the request's desired name. */
export async function desiredAppName(db: Db, shopId: string): Promise<string | null> {
  const row = await requestRow(db, shopId);
  return row?.fields?.desiredAppName ?? null;
}

/** The review state of the shop's branded-app request, all null before one (the app load). */
export function mobileAppFactsOf(db: Db, shopId: string): Promise<MobileAppCardFacts> {
  return mobileAppFacts(db, shopId);
}
