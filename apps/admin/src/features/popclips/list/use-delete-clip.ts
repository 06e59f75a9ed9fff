import { POPCLIP_TOASTS, type Popclip } from '@popstage/core/popclips';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useRefreshShop } from '../../../app/shop/shop-query';
import { useApi } from '../../../lib/api/ApiContext';
import { clipsQueryKey, deleteClip } from '../api/clips-api';

/** Delete with confirmation (spec 02 §2, §8); deleting the featured clip clears it on the shop. */
export function useDeleteClip() {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const refreshShop = useRefreshShop();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Popclip | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!pending) return;
    setDeleting(true);
    try {
      await deleteClip(api, pending);
      host.showToast(POPCLIP_TOASTS.clipDeleted);
      if (shop.featuredPopclipId === pending.metaIdentifier) void refreshShop();
    } catch {
      host.showToast(POPCLIP_TOASTS.clipDeleteFailed, { error: true });
    } finally {
      setDeleting(false);
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: clipsQueryKey });
    }
  }

  return { pending, deleting, ask: setPending, cancel: () => setPending(null), confirm };
}
