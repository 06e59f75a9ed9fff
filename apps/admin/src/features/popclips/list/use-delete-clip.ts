import { carouselsUnpublishedByDelete } from '@popstage/core/carousels';
import { POPCLIP_TOASTS, type Popclip } from '@popstage/core/popclips';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useRefreshShop } from '../../../app/shop/shop-query';
import { useTrack } from '../../analytics';
import { useCarousels } from '../../carousels';
import { useDeleteClipCall } from '../data';

/** A carousel the last delete unpublished (left under 3 clips). */
export interface UnpublishedCarousel {
  carousel_id: string;
  carousel_title: string;
}

/**
 * Delete with confirmation (spec 02 §2, §8); deleting the featured clip clears it on the shop.
 * The modal names the published custom carousels the delete would leave under 3 clips (the
 * server unpublishes them), and the carousels are read again afterwards (the manager's counts).
 */
export function useDeleteClip() {
  const remove = useDeleteClipCall();
  const host = useHost();
  const track = useTrack();
  const shop = useShop();
  const refreshShop = useRefreshShop();
  const [pending, setPending] = useState<Popclip | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [unpublished, setUnpublished] = useState<UnpublishedCarousel[]>([]);
  const carousels = useCarousels(shop.shopifyDomain, pending !== null);
  const affected = pending
    ? carouselsUnpublishedByDelete(carousels.data ?? [], pending.metaIdentifier)
    : [];

  async function confirm() {
    if (!pending) return;
    setDeleting(true);
    try {
      const answer = await remove.mutateAsync({
        body: { id: pending.id, metaIdentifier: pending.metaIdentifier },
      });
      setUnpublished(answer.unpublishedCarousels);
      track({
        action: 'delete',
        category: 'popclips',
        properties: { popclipId: pending.metaIdentifier },
      });
      host.showToast(POPCLIP_TOASTS.clipDeleted);
      if (shop.featuredPopclipId === pending.metaIdentifier) void refreshShop();
    } catch {
      host.showToast(POPCLIP_TOASTS.clipDeleteFailed, { error: true });
    } finally {
      setDeleting(false);
      setPending(null);
    }
  }

  return {
    pending,
    deleting,
    /** Titles of the carousels the pending delete would unpublish. */
    affectedTitles: affected.map((carousel) => carousel.carousel_title),
    unpublished,
    dismissUnpublished: () => setUnpublished([]),
    ask: setPending,
    cancel: () => setPending(null),
    confirm,
  };
}
