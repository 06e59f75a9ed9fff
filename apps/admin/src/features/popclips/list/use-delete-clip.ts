import { POPCLIP_TOASTS, type Popclip, popclipsContract } from '@popstage/core/popclips';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useRefreshShop } from '../../../app/shop/shop-query';
import { useRouteMutation } from '../../../lib/api/hooks';
import { useTrack } from '../../analytics';
import { invalidateClips } from '../clips-api';

/** Delete with confirmation (spec 02 §2, §8); deleting the featured clip clears it on the shop. */
export function useDeleteClip() {
  const remove = useRouteMutation(popclipsContract.csDeleteMedia);
  const host = useHost();
  const track = useTrack();
  const shop = useShop();
  const refreshShop = useRefreshShop();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Popclip | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!pending) return;
    setDeleting(true);
    try {
      await remove.mutateAsync({
        body: { id: pending.id, metaIdentifier: pending.metaIdentifier },
      });
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
      void invalidateClips(queryClient);
    }
  }

  return { pending, deleting, ask: setPending, cancel: () => setPending(null), confirm };
}
