import {
  POPCLIP_TOASTS,
  popclipsContract,
  type SocialSourceType,
  type UpgradeModalVariant,
} from '@popstage/core/popclips';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useRefreshShop } from '../../../app/shop/shop-query';
import { useApi } from '../../../lib/api/ApiContext';
import { useTrack } from '../../analytics';
import { invalidateClips } from '../data';
import type { ImportBody, UploadBody } from './clip-bodies';
import type { ClipFormValues } from './clip-form-values';
import { failureMessage, isPlanRefusal } from './errors';
import { declaredType } from './file-types';
import { putFile } from './put-file';

export const UPLOAD_VARIANT: Record<SocialSourceType, UpgradeModalVariant> = {
  instagram: 'instagramImport',
  tiktok: 'tiktokImport',
};

/** Our wording: spec 02 §4 says only that a toast tells the video is processing. */
export const CLIP_PROCESSING_TOAST = 'Your Popclip is processing. It will be ready in a moment.';

export type CreateOutcome = 'first' | 'created' | 'failed';

/**
 * Creating a clip from a checked body (clip-bodies.ts). Device: csUpload → PUT video (with
 * progress) → PUT thumbnail → csUploadComplete. Social: csImport, which fetches and processes
 * the video server-side.
 */
export function useCreateClip() {
  const api = useApi();
  const host = useHost();
  const track = useTrack();
  const shop = useShop();
  const refreshShop = useRefreshShop();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [upgradeVariant, setUpgradeVariant] = useState<UpgradeModalVariant | null>(null);

  /** After a clip exists: the shop's first-clip and featured state changed server-side. */
  async function created(): Promise<CreateOutcome> {
    const first = !shop.firstPopclipCreated;
    void invalidateClips(queryClient);
    await refreshShop();
    track({ action: 'create', category: 'popclips', stage: first ? 'first' : 'next' });
    if (!first) host.showToast(CLIP_PROCESSING_TOAST);
    return first ? 'first' : 'created';
  }

  async function upload(body: UploadBody, values: ClipFormValues): Promise<CreateOutcome> {
    const video = values.video;
    if (!video) return 'failed';
    const thumbnail = values.customThumbnail ? values.thumbnail : null;
    setBusy(true);
    setProgress(0);
    let createdId: { id: string; metaIdentifier: string } | null = null;
    try {
      const answer = await api.call(popclipsContract.csUpload, { body });
      createdId = answer.clip;
      await putFile(answer.uploadFileUrl, video, declaredType(video), setProgress);
      if (thumbnail && answer.uploadCustomThumbnailUrl) {
        await putFile(answer.uploadCustomThumbnailUrl, thumbnail, declaredType(thumbnail));
      }
      await api.call(popclipsContract.csUploadComplete, {
        body: { metaIdentifier: answer.clip.metaIdentifier },
      });
      return await created();
    } catch (error) {
      host.showToast(failureMessage(error, POPCLIP_TOASTS.uploadFailed), { error: true });
      // A clip left 'uploading' would show as Processing... forever: remove it, keep the form.
      if (createdId) {
        const { id, metaIdentifier } = createdId;
        await api
          .call(popclipsContract.csDeleteMedia, { body: { id, metaIdentifier } })
          .catch(() => undefined);
      }
      return 'failed';
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  async function importClip(body: ImportBody): Promise<CreateOutcome> {
    setBusy(true);
    try {
      await api.call(popclipsContract.csImport, { body });
      return await created();
    } catch (error) {
      if (isPlanRefusal(error)) setUpgradeVariant(UPLOAD_VARIANT[body.sourceType]);
      else host.showToast(failureMessage(error, POPCLIP_TOASTS.importFailed), { error: true });
      return 'failed';
    } finally {
      setBusy(false);
    }
  }

  return { upload, importClip, busy, progress, upgradeVariant, setUpgradeVariant };
}
