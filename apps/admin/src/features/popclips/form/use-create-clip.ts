import {
  displayTargetsFor,
  POPCLIP_TOASTS,
  type SocialSourceType,
  sanitizeFileName,
  type UpgradeModalVariant,
} from '@popstage/core/popclips';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useRefreshShop } from '../../../app/shop/shop-query';
import { useApi } from '../../../lib/api/ApiContext';
import {
  type ClipMeta,
  clipsQueryKey,
  csImport,
  csUpload,
  csUploadComplete,
  deleteClip,
} from '../api/clips-api';
import { putFile } from '../api/put-file';
import { toWireProduct } from '../shared/tagged-product';
import { failureMessage, isPlanRefusal } from './errors';
import { declaredType, fileMeta } from './file-types';
import type { ClipFormValues } from './use-clip-form';

export const UPLOAD_VARIANT: Record<SocialSourceType, UpgradeModalVariant> = {
  instagram: 'instagramImport',
  tiktok: 'tiktokImport',
};

/** Our wording: spec 02 §4 says only that a toast tells the video is processing. */
export const CLIP_PROCESSING_TOAST = 'Your Popclip is processing. It will be ready in a moment.';

export type CreateOutcome = 'first' | 'created' | 'failed';

/**
 * Creating a clip. Device: csUpload → PUT video (with progress) → PUT thumbnail →
 * csUploadComplete. Social: csImport, which fetches and processes the video server-side.
 */
export function useCreateClip() {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const refreshShop = useRefreshShop();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [upgradeVariant, setUpgradeVariant] = useState<UpgradeModalVariant | null>(null);

  const meta = (values: ClipFormValues): ClipMeta => ({
    videoTitle: values.title.trim(),
    products: values.products.map((p) => toWireProduct(p, shop.primaryDomainUrl)),
    featured: values.featured,
    display: displayTargetsFor(values.excludeFromProductPage),
  });

  /** After a clip exists: the shop's first-clip and featured state changed server-side. */
  async function created(): Promise<CreateOutcome> {
    const first = !shop.firstPopclipCreated;
    void queryClient.invalidateQueries({ queryKey: clipsQueryKey });
    await refreshShop();
    if (!first) host.showToast(CLIP_PROCESSING_TOAST);
    return first ? 'first' : 'created';
  }

  async function upload(values: ClipFormValues): Promise<CreateOutcome> {
    const video = values.video;
    if (!video) return 'failed';
    const thumbnail = values.customThumbnail ? values.thumbnail : null;
    setBusy(true);
    setProgress(0);
    let createdId: { id: string; metaIdentifier: string } | null = null;
    try {
      const answer = await csUpload(api, {
        fileName: sanitizeFileName(video.name, 'video'),
        fileMeta: fileMeta(video),
        customThumbnailImage: thumbnail ? fileMeta(thumbnail) : null,
        metaData: { ...meta(values), clipSourceType: 'device' },
      });
      createdId = answer.clip;
      if (!answer.uploadFileUrl) throw new Error('csUpload answered no upload URL');
      await putFile(answer.uploadFileUrl, video, declaredType(video), setProgress);
      if (thumbnail && answer.uploadCustomThumbnailUrl) {
        await putFile(answer.uploadCustomThumbnailUrl, thumbnail, declaredType(thumbnail));
      }
      await csUploadComplete(api, answer.clip.metaIdentifier);
      return await created();
    } catch (error) {
      host.showToast(failureMessage(error, POPCLIP_TOASTS.uploadFailed), { error: true });
      // A clip left 'uploading' would show as Processing... forever: remove it, keep the form.
      if (createdId) await deleteClip(api, createdId).catch(() => undefined);
      return 'failed';
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  async function importClip(values: ClipFormValues, source: SocialSourceType) {
    setBusy(true);
    try {
      const { videoTitle, products, featured, display } = meta(values);
      await csImport(api, {
        sourceType: source,
        url: values.sourceUrl.trim(),
        title: videoTitle,
        products,
        featured,
        display,
      });
      return await created();
    } catch (error) {
      if (isPlanRefusal(error)) setUpgradeVariant(UPLOAD_VARIANT[source]);
      else host.showToast(failureMessage(error, POPCLIP_TOASTS.importFailed), { error: true });
      return 'failed';
    } finally {
      setBusy(false);
    }
  }

  return { upload, importClip, busy, progress, upgradeVariant, setUpgradeVariant };
}
