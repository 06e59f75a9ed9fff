import {
  type GetStartedEvent,
  type GetStartedStatus,
  getStartedStatus,
  onboardedBeforeCutoff,
} from '@popstage/core/onboarding';
import type { Db } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Tenant } from '../../tenant';
import { markOnboarded, storedEvents, storeEvent } from './store';

/** The steps the admin marks itself; steps 1 and 2 are read from the store, never stored. */
export const STORED_EVENTS: readonly GetStartedEvent[] = [
  'STEP_ADD_YOUR_FIRST_POPCLIP',
  'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL',
];

const FIRST_THREE: readonly GetStartedEvent[] = [
  'STEP_ENABLE_VIDEEO_SDK',
  'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC',
  'STEP_ADD_YOUR_FIRST_POPCLIP',
];

/** What the wizard reads live: the store's facts and the shop's clip count (from popclips). */
export interface LiveFacts {
  embedEnabled: boolean;
  publishedCount: number;
  popclipCount: number;
}

export interface OnboardingState {
  status: GetStartedStatus;
  /** A popclip was made (its event stored) or the shop has one; skipping does not count. */
  firstPopclipCreated: boolean;
  onBoardedOn: Date | null;
}

/**
 * The wizard's state from live store facts and stored events (spec 01 §2.11, §4). The first
 * popclip step also counts when it was skipped or the shop onboarded before the cut-off. The first
 * time the wizard is done (100 %, or steps 1-3) the shop's onBoardedOn is set.
 */
export async function onboardingState(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  row: ShopRow,
  live: LiveFacts,
): Promise<OnboardingState> {
  const stored = await storedEvents(deps.database.db, row.id);
  // A clip made (the event is stored with the first one), or one the shop still has.
  const firstPopclipCreated =
    stored.includes('STEP_ADD_YOUR_FIRST_POPCLIP') || live.popclipCount > 0;
  const firstPopclipDone =
    row.skippedFirstPopclipsCreation ||
    onboardedBeforeCutoff(row.onBoardedOn?.toISOString() ?? null);
  const status = getStartedStatus({
    embedEnabled: live.embedEnabled,
    livePageCreated: row.livePageCreated,
    publishedProductsToSalesChannelCount: live.publishedCount,
    completedEvents: firstPopclipDone ? [...stored, 'STEP_ADD_YOUR_FIRST_POPCLIP'] : stored,
  });
  let onBoardedOn = row.onBoardedOn;
  const done =
    status.completionPercentage === 100 ||
    FIRST_THREE.every((event) => status.events.includes(event));
  if (done && !onBoardedOn) {
    onBoardedOn = await markOnboarded(deps.database.db, row.id, deps.clock.now());
  }
  return { status, firstPopclipCreated, onBoardedOn };
}

/**
 * GET app-setup-wizard: steps 1 and 2 from the store as it is now. The clip count comes in from
 * the caller, since popclips records onboarding events and onboarding must not import it back.
 */
export async function wizardStatus(
  deps: Pick<AppDeps, 'database' | 'clock' | 'platform'>,
  tenant: Tenant,
  popclipCount: number,
): Promise<GetStartedStatus> {
  const domain = tenant.shop.shopifyDomain;
  const [embedEnabled, publishedCount] = await Promise.all([
    deps.platform.isAppEmbedEnabled(domain),
    deps.platform.countPublishedProducts(domain),
  ]);
  const live = { embedEnabled, publishedCount, popclipCount };
  return (await onboardingState(deps, tenant.shop, live)).status;
}

/**
 * A step other areas' work completes (the first clip, the first published carousel): recorded
 * once, a repeat changes nothing.
 */
export function completeStep(
  db: Db,
  shopId: string,
  event: GetStartedEvent,
  at: Date,
): Promise<void> {
  return storeEvent(db, shopId, event, at);
}

/** POST app-setup-wizard { event }: stores steps 3 and 4; steps 1 and 2 follow the store. */
export async function recordWizardEvent(
  deps: Pick<AppDeps, 'database' | 'clock' | 'platform'>,
  tenant: Tenant,
  event: GetStartedEvent,
  popclipCount: number,
): Promise<GetStartedStatus> {
  if (STORED_EVENTS.includes(event)) {
    await storeEvent(deps.database.db, tenant.shop.id, event, deps.clock.now());
  }
  return wizardStatus(deps, tenant, popclipCount);
}
