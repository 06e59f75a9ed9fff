import { BlockStack, InlineGrid } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageShell } from '../../app/shell/PageShell';
import { useShop } from '../../app/shop/ShopContext';
import { CustomerDataRequestsCard } from '../compliance';
import { AttributionAccessNotice } from './AttributionAccessNotice';
import { useSummary } from './data';
import { HoldoutCard } from './HoldoutCard';
import { InsightsCharts } from './InsightsCharts';
import { FilterBar } from './InsightsFilterBar';
import { MonthlyTable, WeeklyTable } from './InsightsPeriodTables';
import { CarouselsTable, PopclipsTable } from './InsightsStatsTables';
import { SummaryCards } from './InsightsSummaryCards';
import { readFilter } from './insights-filter';
import { PopclipInsights } from './PopclipInsights';
import { useTrack } from './use-track';

/** Native dashboard: summary, charts, weekly, monthly, per-Popclip and per-carousel tables. */
export function InsightsDashboard() {
  const shop = useShop();
  const shopId = shop.shopifyDomain;
  const [params, setParams] = useSearchParams();
  const [timeZone, setTimeZone] = useState<string>();
  const { preset, filter } = readFilter(params, timeZone, new Date());
  const summary = useSummary(shopId, filter);
  if (summary.data && summary.data.time_zone !== timeZone) setTimeZone(summary.data.time_zone);
  const track = useTrack();
  useEffect(() => {
    track({ action: 'view', category: 'insights', stage: 'dashboard' });
  }, [track]);

  const update = (changes: Record<string, string | null>) => {
    const [name] = Object.keys(changes);
    if (name === 'clip' && changes.clip) {
      track({
        action: 'open_popclip',
        category: 'insights',
        properties: { popclipId: changes.clip },
      });
    } else if (name && name !== 'clip') {
      track({
        action:
          name === 'range' || name === 'from' || name === 'to' ? 'change_range' : `change_${name}`,
        category: 'insights',
        properties: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v])),
      });
    }
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const clipId = params.get('clip');
  if (clipId) {
    return (
      <PopclipInsights
        shopId={shopId}
        filter={filter}
        popclipId={clipId}
        onBack={() => update({ clip: null })}
      />
    );
  }

  return (
    <PageShell title="Insights" fullWidth>
      <BlockStack gap="400">
        <AttributionAccessNotice />
        <FilterBar preset={preset} filter={filter} summary={summary.data} onChange={update} />
        <SummaryCards summary={summary.data} loading={summary.isPending} />
        <InsightsCharts shopId={shopId} filter={filter} currency={summary.data?.currency} />
        <InlineGrid columns={{ xs: 1, lg: 2 }} gap="400">
          <WeeklyTable shopId={shopId} filter={filter} currency={summary.data?.currency} />
          <MonthlyTable shopId={shopId} filter={filter} currency={summary.data?.currency} />
        </InlineGrid>
        <PopclipsTable shopId={shopId} filter={filter} onOpen={(id) => update({ clip: id })} />
        <CarouselsTable shopId={shopId} filter={filter} />
        <HoldoutCard />
        <CustomerDataRequestsCard />
      </BlockStack>
    </PageShell>
  );
}
