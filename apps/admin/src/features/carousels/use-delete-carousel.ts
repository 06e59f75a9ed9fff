import type { Carousel } from '@popstage/core/carousels';
import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { useTrack } from '../analytics';
import { useDeleteCarouselCall } from './data';

/** Ask, then DELETE; toasts 'Carousel deleted successfully' / 'Error deleting carousel'. */
export function useDeleteCarousel() {
  const host = useHost();
  const track = useTrack();
  const shop = useShop();
  const remove = useDeleteCarouselCall();
  const [pending, setPending] = useState<Carousel | null>(null);

  const confirm = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync({
        params: { carousel_id: pending.carousel_id },
        query: { customerId: shop.shopifyDomain },
      });
      track({ action: 'delete', category: 'carousels' });
      host.showToast(POPCLIP_TOASTS.carouselDeleted);
      setPending(null);
    } catch {
      host.showToast(POPCLIP_TOASTS.carouselDeleteFailed, { error: true });
    }
  };

  return {
    pending,
    deleting: remove.isPending,
    ask: setPending,
    cancel: () => setPending(null),
    confirm,
  };
}
