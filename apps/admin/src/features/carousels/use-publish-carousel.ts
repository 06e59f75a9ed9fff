import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { useQueryClient } from '@tanstack/react-query';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { invalidateShop } from '../../app/shop/shop-query';
import { useTrack } from '../analytics';
import { usePublishCarouselCall } from './data';

/** Our wording: the spec gives no text for the publish step. */
export const CAROUSEL_PUBLISHED = 'Carousel published';

/** is_published false → true (the server also records the wizard's step 4). */
export function usePublishCarousel() {
  const host = useHost();
  const track = useTrack();
  const shop = useShop();
  const queryClient = useQueryClient();
  const call = usePublishCarouselCall();

  const publish = async (carouselId: string): Promise<boolean> => {
    try {
      await call.mutateAsync({
        params: { carousel_id: carouselId },
        body: { customer_id: shop.shopifyDomain, is_published: true },
      });
      track({ action: 'publish', category: 'carousels' });
      host.showToast(CAROUSEL_PUBLISHED);
      void invalidateShop(queryClient);
      return true;
    } catch (error) {
      host.showToast(error instanceof Error ? error.message : POPCLIP_TOASTS.genericFailed, {
        error: true,
      });
      return false;
    }
  };

  return { publish, publishing: call.isPending };
}
