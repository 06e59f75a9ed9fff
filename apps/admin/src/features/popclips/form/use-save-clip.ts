import { displayTargetsFor, POPCLIP_TOASTS, type Popclip } from '@popstage/core/popclips';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useRefreshShop } from '../../../app/shop/shop-query';
import { useApi } from '../../../lib/api/ApiContext';
import { csUpdateMedia, csUploadComplete } from '../api/clips-api';
import { putFile } from '../api/put-file';
import { toWireProduct } from '../shared/tagged-product';
import { failureMessage } from './errors';
import { declaredType, fileMeta } from './file-types';
import type { ClipFormValues } from './use-clip-form';

/** Our wording: the spec gives no text for a saved edit. */
export const CLIP_SAVED_TOAST = 'Popclip saved.';

/**
 * Saving an edit: csUpdateMedia; a replacement thumbnail is then PUT to the URL it answers and
 * swapped in by csUploadComplete. `featured` sets or clears the shop's featured clip server-side.
 */
export function useSaveClip(clip: Popclip) {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const refreshShop = useRefreshShop();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save(values: ClipFormValues): Promise<boolean> {
    const thumbnail = values.customThumbnail ? values.thumbnail : null;
    setSaving(true);
    try {
      const answer = await csUpdateMedia(api, {
        id: clip.id,
        metaIdentifier: clip.metaIdentifier,
        metaData: {
          videoTitle: values.title.trim(),
          products: values.products.map((p) => toWireProduct(p, shop.primaryDomainUrl)),
          featured: values.featured,
          display: displayTargetsFor(values.excludeFromProductPage),
        },
        updateMedia: thumbnail !== null,
        customThumbnailImage: thumbnail ? fileMeta(thumbnail) : null,
      });
      if (thumbnail) {
        if (!answer.uploadCustomThumbnailUrl) throw new Error('No thumbnail upload URL');
        await putFile(answer.uploadCustomThumbnailUrl, thumbnail, declaredType(thumbnail));
        await csUploadComplete(api, clip.metaIdentifier);
      }
      host.showToast(CLIP_SAVED_TOAST);
      void queryClient.invalidateQueries({ queryKey: ['popclips'] });
      if (values.featured !== clip.metaData.featured) await refreshShop();
      return true;
    } catch (error) {
      host.showToast(failureMessage(error, POPCLIP_TOASTS.genericFailed), { error: true });
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { save, saving };
}
