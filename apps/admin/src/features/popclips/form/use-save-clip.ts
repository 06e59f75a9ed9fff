import { POPCLIP_TOASTS, type Popclip, popclipsContract } from '@popstage/core/popclips';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useRefreshShop } from '../../../app/shop/shop-query';
import { useApi } from '../../../lib/api/ApiContext';
import { useTrack } from '../../analytics';
import { invalidateClips } from '../data';
import type { UpdateBody } from './clip-bodies';
import type { ClipFormValues } from './clip-form-values';
import { failureMessage } from './errors';
import { declaredType } from './file-types';
import { putFile } from './put-file';

/** Our wording: the spec gives no text for a saved edit. */
export const CLIP_SAVED_TOAST = 'Popclip saved.';

/**
 * Saving an edit from a checked body (clip-bodies.ts): csUpdateMedia; a replacement thumbnail is
 * then PUT to the URL it answers and swapped in by csUploadComplete. `featured` sets or clears
 * the shop's featured clip server-side.
 */
export function useSaveClip(clip: Popclip) {
  const api = useApi();
  const host = useHost();
  const track = useTrack();
  const refreshShop = useRefreshShop();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save(body: UpdateBody, values: ClipFormValues): Promise<boolean> {
    const thumbnail = body.updateMedia ? values.thumbnail : null;
    setSaving(true);
    try {
      const answer = await api.call(popclipsContract.csUpdateMedia, { body });
      if (thumbnail) {
        if (!answer.uploadCustomThumbnailUrl) throw new Error('No thumbnail upload URL');
        await putFile(answer.uploadCustomThumbnailUrl, thumbnail, declaredType(thumbnail));
        await api.call(popclipsContract.csUploadComplete, {
          body: { metaIdentifier: clip.metaIdentifier },
        });
      }
      track({ action: 'save', category: 'popclips' });
      host.showToast(CLIP_SAVED_TOAST);
      void invalidateClips(queryClient);
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
