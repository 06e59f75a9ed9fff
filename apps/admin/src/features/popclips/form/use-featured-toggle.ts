import { FEATURED_OVERRIDE_CANCELLED, needsFeaturedOverride } from '@popstage/core/popclips';
import { useState } from 'react';
import { useShop } from '../../../app/shop/ShopContext';
import type { Positions } from '../../placement';

/**
 * The featured toggle (spec 02 §4): checking it while another clip is featured opens the
 * override confirmation; Cancel unmarks it. `clipId` is null for a clip not created yet.
 */
export function useFeaturedToggle(clipId: string | null, setFeatured: (value: boolean) => void) {
  const shop = useShop();
  const [confirming, setConfirming] = useState(false);
  // Featuring a clip opens the placement modal (spec 02 §2), after the override question if any.
  const [placing, setPlacing] = useState(false);
  // A clip being created keeps its placement here until it is created (then saved with it).
  const [pending, setPending] = useState<Positions | null>(null);
  const deferred = clipId === null;

  const onChange = (featured: boolean) => {
    setFeatured(featured);
    if (!featured) setPending(null);
    const override = needsFeaturedOverride({
      currentFeaturedId: shop.featuredPopclipId,
      clipId: clipId ?? '',
      featured,
    });
    if (override) setConfirming(true);
    else if (featured) setPlacing(true);
  };

  return {
    onChange,
    modal: {
      open: confirming,
      onConfirm: () => {
        setConfirming(false);
        setPlacing(true);
      },
      onCancel: () => {
        setConfirming(false);
        setPending(null);
        setFeatured(FEATURED_OVERRIDE_CANCELLED);
      },
    },
    placement: {
      open: placing,
      openModal: () => setPlacing(true),
      onClose: () => setPlacing(false),
      ...(deferred ? { onChoose: setPending, chosen: pending } : {}),
      /** The placement chosen for a clip being created, to save once it is. */
      pending,
    },
  };
}
