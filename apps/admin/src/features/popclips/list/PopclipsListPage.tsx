import { hasPopclipsCapability, isPopclipsCreationBlocked } from '@popstage/core/billing';
import { POPCLIP_TOASTS, type Popclip, SEARCH_DEBOUNCE_MS } from '@popstage/core/popclips';
import { ROUTES } from '@popstage/core/routing';
import { Banner, BlockStack, Box, Button, InlineGrid, InlineStack } from '@shopify/polaris';
import { LocationIcon, RefreshIcon, SettingsIcon } from '@shopify/polaris-icons';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageShell } from '../../../app/shell/PageShell';
import { useShop } from '../../../app/shop/ShopContext';
import { SearchField } from '../../../lib/ui/SearchField';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePopclipsGating, usePopclipsPlanLevel } from '../../billing';
import { CarouselManager } from '../../carousels';
import { PlacementModal } from '../../placement';
import { ShareModal } from '../../sharing';
import { useClipSearch, useClipsList } from '../data';
import { ViewLimitBanner, ViewLimitModal } from '../shared/ViewLimitNotice';
import { ClipCard } from './ClipCard';
import { ClipsEmptyState } from './ClipsEmptyState';
import { DeleteClipModal } from './DeleteClipModal';
import { UnpublishedCarouselsBanner } from './UnpublishedCarouselsBanner';
import { useDeleteClip } from './use-delete-clip';
import { WatermarkUpsell } from './WatermarkUpsell';

/**
 * Polaris pages have no side margin on phones, where cards run edge to edge; the search field
 * and the clip grid are not cards, so they keep the page's inset there.
 */
const EDGE = { xs: '400', sm: '0' } as const;

/** Set by the create page when it sends a blocked merchant back here (spec 02 §2). */
export interface ClipsListLocationState {
  viewLimitMessage?: string;
}

/** /popclips/list (spec 02 §2): the clip grid. */
export function PopclipsListPage() {
  const shop = useShop();
  const navigate = useNavigate();
  const location = useLocation();
  const level = usePopclipsPlanLevel();
  const gating = usePopclipsGating();
  const list = useClipsList(shop.shopifyDomain);
  const remove = useDeleteClip();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const redirectMessage = (location.state as ClipsListLocationState | null)?.viewLimitMessage;
  const [limitModalOpen, setLimitModalOpen] = useState(Boolean(redirectMessage));
  const [sharing, setSharing] = useState<Popclip | null>(null);
  const [placementOpen, setPlacementOpen] = useState(false);
  const carouselManager = hasPopclipsCapability(level, 'carouselManager');
  // The storefront's rule (below Premium, Basic included): the watermark and its upsell.
  const watermark = !hasPopclipsCapability(level, 'watermarkRemoval');

  const searchValue = debouncedSearch.trim();
  // A search asks the server (every clip of the shop), not the pages loaded so far.
  const found = useClipSearch(shop.shopifyDomain, searchValue);
  const shownQuery = searchValue ? found : list;
  const clips = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const shown = useMemo(
    () => shownQuery.data?.pages.flatMap((page) => page.data) ?? [],
    [shownQuery.data],
  );
  const createBlocked = gating.data ? isPopclipsCreationBlocked(gating.data) : false;

  const refresh = () => {
    void list.refetch();
    if (searchValue) void found.refetch();
    void gating.refetch();
  };

  return (
    <PageShell
      title="Popclips: Shoppable Videos"
      loading={list.isPending || (searchValue !== '' && found.isPending)}
      fullWidth
      primaryAction={{
        content: 'Create Popclip',
        disabled: createBlocked,
        onAction: () => navigate(ROUTES.popclipsCreate),
      }}
      secondaryActions={[
        { content: 'Refresh', icon: RefreshIcon, onAction: refresh, loading: list.isRefetching },
        {
          content: 'Miniplayer placement',
          icon: LocationIcon,
          onAction: () => setPlacementOpen(true),
        },
        {
          content: 'Settings',
          icon: SettingsIcon,
          onAction: () => navigate(ROUTES.popclipsSettings),
        },
      ]}
    >
      <BlockStack gap="400">
        <ViewLimitBanner gating={gating.data} />
        {watermark ? <WatermarkUpsell /> : null}
        {carouselManager ? <CarouselManager /> : null}
        {clips.length > 0 ? (
          <Box maxWidth="420px" paddingInline={EDGE}>
            <SearchField label="Search by title" labelHidden value={search} onChange={setSearch} />
          </Box>
        ) : null}
        {remove.unpublished.length > 0 ? (
          <UnpublishedCarouselsBanner
            carousels={remove.unpublished}
            onDismiss={remove.dismissUnpublished}
          />
        ) : null}
        {shownQuery.isError ? (
          <Banner tone="critical">{POPCLIP_TOASTS.genericFailed}</Banner>
        ) : searchValue && found.isPending ? null : shown.length === 0 ? (
          <ClipsEmptyState searching={clips.length > 0} createDisabled={createBlocked} />
        ) : (
          <Box paddingInline={EDGE}>
            <InlineGrid columns={{ xs: 2, sm: 3, md: 4, lg: 5, xl: 7 }} gap="400">
              {shown.map((clip) => (
                <ClipCard
                  key={clip.metaIdentifier}
                  clip={clip}
                  watermark={watermark}
                  onDelete={remove.ask}
                  onShare={setSharing}
                />
              ))}
            </InlineGrid>
          </Box>
        )}
        {shownQuery.hasNextPage ? (
          <InlineStack align="center">
            <Button
              onClick={() => void shownQuery.fetchNextPage()}
              loading={shownQuery.isFetchingNextPage}
            >
              Load more
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
      <DeleteClipModal
        clip={remove.pending}
        deleting={remove.deleting}
        affectedCarousels={remove.affectedTitles}
        onConfirm={() => void remove.confirm()}
        onClose={remove.cancel}
      />
      <ShareModal clip={sharing} onClose={() => setSharing(null)} />
      <PlacementModal
        open={placementOpen}
        player="miniplayer"
        onClose={() => setPlacementOpen(false)}
      />
      <ViewLimitModal
        open={limitModalOpen && Boolean(redirectMessage)}
        message={redirectMessage ?? ''}
        onClose={() => setLimitModalOpen(false)}
      />
    </PageShell>
  );
}
