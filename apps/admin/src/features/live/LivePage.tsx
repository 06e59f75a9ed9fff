import type { LiveShowWire } from '@popstage/core/live';
import { Banner, BlockStack } from '@shopify/polaris';
import { useState } from 'react';
import { PageShell } from '../../app/shell/PageShell';
import { useShop } from '../../app/shop/ShopContext';
import { useLiveShows } from './data';
import { ReplayClipModal } from './ReplayClipModal';
import { ScheduleShowCard } from './ScheduleShowCard';
import { ReplaysCard, UpcomingShowsCard } from './ShowsCard';
import { StartLiveSellingCard } from './StartLiveSellingCard';

/** /live: Manage Live Sales (spec 01 §2.7): the card, then the seller's shows and replays. */
export function LivePage() {
  const shop = useShop();
  const liveEnabled = shop.enabledFeatures.includes('live');
  const shows = useLiveShows(liveEnabled && shop.popshopliveAccountCreated);
  const [clipping, setClipping] = useState<LiveShowWire | null>(null);
  const data = shows.data?.data;
  return (
    <PageShell title="Manage Live Sales">
      <BlockStack gap="400">
        <StartLiveSellingCard
          liveEnabled={liveEnabled}
          dashboardUrl={shop.dashboardUrl}
          learnMoreUrl={shop.config.helpCenterUrl}
        />
        {shows.isError ? <Banner tone="critical">{shows.error.message}</Banner> : null}
        {data ? (
          <>
            <ScheduleShowCard
              eventsThisMonth={data.eventsThisMonth}
              eventsPerMonth={data.eventsPerMonth}
            />
            <UpcomingShowsCard shows={data.upcoming} />
            <ReplaysCard replays={data.replays} onCreatePopclip={setClipping} />
          </>
        ) : null}
      </BlockStack>
      {clipping ? <ReplayClipModal show={clipping} onClose={() => setClipping(null)} /> : null}
    </PageShell>
  );
}
