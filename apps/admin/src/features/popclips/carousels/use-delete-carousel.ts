import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { type Carousel } from '@popstage/core/carousels';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useApi } from '../../../lib/api/ApiContext';
import { carouselsQueryKey, deleteCarousel } from './carousels-api';

/** Ask, then DELETE; toasts 'Carousel deleted successfully' / 'Error deleting carousel'. */
export function useDeleteCarousel() {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Carousel | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setDeleting(true);
    try {
      await deleteCarousel(api, pending.carousel_id, shop.shopifyDomain);
      host.showToast(POPCLIP_TOASTS.carouselDeleted);
      setPending(null);
    } catch {
      host.showToast(POPCLIP_TOASTS.carouselDeleteFailed, { error: true });
    } finally {
      setDeleting(false);
      void queryClient.invalidateQueries({ queryKey: carouselsQueryKey });
    }
  };

  return { pending, deleting, ask: setPending, cancel: () => setPending(null), confirm };
}
