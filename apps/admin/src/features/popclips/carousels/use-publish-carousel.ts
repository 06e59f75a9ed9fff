import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useApi } from '../../../lib/api/ApiContext';
import { carouselsQueryKey, publishCarousel } from './carousels-api';

/** Our wording: the spec gives no text for the publish step. */
export const CAROUSEL_PUBLISHED = 'Carousel published';

/** is_published false → true (the server also records the wizard's step 4). */
export function usePublishCarousel() {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const queryClient = useQueryClient();
  const [publishing, setPublishing] = useState(false);

  const publish = async (carouselId: string): Promise<boolean> => {
    setPublishing(true);
    try {
      await publishCarousel(api, carouselId, shop.shopifyDomain);
      host.showToast(CAROUSEL_PUBLISHED);
      void queryClient.invalidateQueries({ queryKey: ['shop'] });
      return true;
    } catch (error) {
      host.showToast(error instanceof Error ? error.message : POPCLIP_TOASTS.genericFailed, {
        error: true,
      });
      return false;
    } finally {
      setPublishing(false);
      void queryClient.invalidateQueries({ queryKey: carouselsQueryKey });
    }
  };

  return { publish, publishing };
}
