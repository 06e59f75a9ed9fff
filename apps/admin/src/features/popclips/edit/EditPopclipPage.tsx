import {
  canReupload,
  isExcludedFromProductPage,
  POPCLIP_TOASTS,
  type Popclip,
} from '@popstage/core/popclips';
import { ROUTES } from '@popstage/core/routing';
import { Banner } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useHost } from '../../../app/host/HostContext';
import { useSaveBar } from '../../../app/host/use-save-bar';
import { PageShell } from '../../../app/shell/PageShell';
import { useShop } from '../../../app/shop/ShopContext';
import { ApiError } from '../../../lib/api/errors';
import { useClip } from '../data';
import { ClipFormLayout } from '../form/ClipFormLayout';
import { updateBody } from '../form/clip-bodies';
import { type ClipFormValues, clipFormChanged } from '../form/clip-form-values';
import { failureMessage } from '../form/errors';
import { useClipForm } from '../form/use-clip-form';
import { CLIP_PROCESSING_TOAST } from '../form/use-create-clip';
import { useFeaturedToggle } from '../form/use-featured-toggle';
import { useReuploadVideo } from '../form/use-reupload-video';
import { useSaveClip } from '../form/use-save-clip';
import { fromStoredProduct } from '../shared/tagged-product';
import { CaptionsCard } from './CaptionsCard';
import { ReuploadCard } from './ReuploadCard';

const TITLE = 'Edit Popclip';

/** /popclips/edit/:id (spec 02 §2): id is the clip's metaIdentifier. */
export function EditPopclipPage() {
  const { id = '' } = useParams();
  const host = useHost();
  const navigate = useNavigate();
  const clip = useClip(id);
  const notFound =
    clip.data === null || (clip.error instanceof ApiError && clip.error.status === 404);

  // Spec 02 §2: a missing clip toasts 'Clip not found.' and returns to the list (once).
  const left = useRef(false);
  useEffect(() => {
    if (!notFound || left.current) return;
    left.current = true;
    host.showToast(POPCLIP_TOASTS.clipNotFound, { error: true });
    navigate(ROUTES.popclipsList, { replace: true });
  }, [notFound, host, navigate]);

  if (clip.data) return <EditClipForm key={clip.data.metaIdentifier} clip={clip.data} />;
  return (
    <PageShell title={TITLE} loading={!clip.isError}>
      {clip.isError && !notFound ? (
        <Banner tone="critical">{POPCLIP_TOASTS.genericFailed}</Banner>
      ) : null}
    </PageShell>
  );
}

function valuesFrom(clip: Popclip): ClipFormValues {
  const meta = clip.metaData;
  return {
    title: meta.videoTitle,
    source: meta.clipSourceType,
    sourceUrl: meta.clipSourceUrl ?? '',
    video: null,
    customThumbnail: meta.customThumbnailImageURL !== null,
    thumbnail: null,
    products: meta.products.map(fromStoredProduct),
    excludeFromProductPage: isExcludedFromProductPage(meta.display),
    featured: meta.featured,
  };
}

/**
 * The form saves through the contextual save bar (Save and Discard while something changed), as
 * Settings does. A clip without a usable video (failed, interrupted, unfinished) takes a new one
 * here: saving uploads it after the other changes.
 */
function EditClipForm({ clip }: { clip: Popclip }) {
  const navigate = useNavigate();
  const host = useHost();
  const shop = useShop();
  const [initial] = useState(() => valuesFrom(clip));
  const form = useClipForm(initial);
  const featured = useFeaturedToggle(clip.metaIdentifier, (value) => form.set('featured', value));
  const { save, saving } = useSaveClip(clip);
  const video = useReuploadVideo(clip.metaIdentifier);
  const [uploading, setUploading] = useState(false);
  const meta = clip.metaData;
  const busy = saving || uploading;

  const submit = async () => {
    const body = form.check(updateBody(clip, form.values, shop.primaryDomainUrl));
    if (!body || !(await save(body, form.values))) return;
    const file = form.values.video;
    if (file) {
      setUploading(true);
      try {
        await video.reupload(file);
        host.showToast(CLIP_PROCESSING_TOAST);
      } catch (error) {
        host.showToast(failureMessage(error, POPCLIP_TOASTS.uploadFailed), { error: true });
        return;
      } finally {
        setUploading(false);
      }
    }
    form.reset(form.values);
    navigate(ROUTES.popclipsList);
  };

  useSaveBar(clipFormChanged(initial, form.values), busy, {
    save: () => void submit(),
    discard: () => form.reset(initial),
  });

  return (
    <PageShell title={TITLE}>
      <ClipFormLayout
        form={form}
        busy={busy}
        source={
          canReupload(clip.status) ? (
            <ReuploadCard clip={clip} form={form} progress={video.progress} disabled={busy} />
          ) : undefined
        }
        previewSrc={clip.cdnUrl ?? meta.processedURL ?? meta.videoURL}
        previewPoster={meta.thumbnailURL}
        storedThumbnailUrl={meta.customThumbnailImageURL}
        thumbnailLocked={meta.customThumbnailImageURL !== null}
        featured={featured}
      />
      <div style={{ marginTop: 'var(--p-space-400)' }}>
        <CaptionsCard metaIdentifier={clip.metaIdentifier} />
      </div>
    </PageShell>
  );
}
