import { isExcludedFromProductPage, POPCLIP_TOASTS, type Popclip } from '@popstage/core/popclips';
import { ROUTES } from '@popstage/core/routing';
import { Banner } from '@shopify/polaris';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useHost } from '../../../app/host/HostContext';
import { PageShell } from '../../../app/shell/PageShell';
import { useShop } from '../../../app/shop/ShopContext';
import { ApiError } from '../../../lib/api/errors';
import { useClip } from '../clips-api';
import { ClipFormLayout } from '../form/ClipFormLayout';
import { updateBody } from '../form/clip-bodies';
import type { ClipFormValues } from '../form/clip-form-values';
import { useClipForm } from '../form/use-clip-form';
import { useFeaturedToggle } from '../form/use-featured-toggle';
import { useSaveClip } from '../form/use-save-clip';
import { fromStoredProduct } from '../shared/tagged-product';
import { CaptionsCard } from './CaptionsCard';

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

function EditClipForm({ clip }: { clip: Popclip }) {
  const navigate = useNavigate();
  const shop = useShop();
  const form = useClipForm(valuesFrom(clip));
  const featured = useFeaturedToggle(clip.metaIdentifier, (value) => form.set('featured', value));
  const { save, saving } = useSaveClip(clip);
  const meta = clip.metaData;

  const submit = async () => {
    const body = form.check(updateBody(clip, form.values, shop.primaryDomainUrl));
    if (body && (await save(body, form.values))) navigate(ROUTES.popclipsList);
  };

  return (
    <PageShell
      title={TITLE}
      primaryAction={{ content: 'Save', loading: saving, onAction: () => void submit() }}
    >
      <ClipFormLayout
        form={form}
        busy={saving}
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
