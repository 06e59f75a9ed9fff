import {
  type GetStartedEvent,
  type GetStartedStatus,
  getStartedStatus,
  onboardedBeforeCutoff,
} from '@popstage/core/onboarding';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Tenant } from '../../tenant';
import { countPopclips } from '../popclips';
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
  live: { embedEnabled: boolean; publishedCount: number },
): Promise<OnboardingState> {
  const [stored, clips] = await Promise.all([
    storedEvents(deps.database.db, row.id),
    countPopclips(deps.database.db, row.id),
  ]);
  // A clip made (the event is stored with the first one), or one the shop still has.
  const firstPopclipCreated = stored.includes('STEP_ADD_YOUR_FIRST_POPCLIP') || clips > 0;
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

/** GET app-setup-wizard: steps 1 and 2 from the store as it is now. */
export async function wizardStatus(
  deps: Pick<AppDeps, 'database' | 'clock' | 'platform'>,
  tenant: Tenant,
): Promise<GetStartedStatus> {
  const domain = tenant.shop.shopifyDomain;
  const [embedEnabled, publishedCount] = await Promise.all([
    deps.platform.isAppEmbedEnabled(domain),
    deps.platform.countPublishedProducts(domain),
  ]);
  return (await onboardingState(deps, tenant.shop, { embedEnabled, publishedCount })).status;
}

/** POST app-setup-wizard { event }: stores steps 3 and 4; steps 1 and 2 follow the store. */
export async function recordWizardEvent(
  deps: Pick<AppDeps, 'database' | 'clock' | 'platform'>,
  tenant: Tenant,
  event: GetStartedEvent,
): Promise<GetStartedStatus> {
  if (STORED_EVENTS.includes(event)) {
    await storeEvent(deps.database.db, tenant.shop.id, event, deps.clock.now());
  }
  return wizardStatus(deps, tenant);
}
