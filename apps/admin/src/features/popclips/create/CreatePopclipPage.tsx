import {
  type ClipSourceType,
  canImportFromSocial,
  creationBlockedMessage,
  POPCLIP_TOASTS,
  type SocialSourceType,
} from '@popstage/core/popclips';
import { ROUTES } from '@popstage/core/routing';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../../app/host/HostContext';
import { PageShell } from '../../../app/shell/PageShell';
import { useShop } from '../../../app/shop/ShopContext';
import { useApi } from '../../../lib/api/ApiContext';
import { usePopclipsGating, usePopclipsPlanLevel } from '../../billing';
import { savePlacement } from '../../placement';
import { ClipFormLayout } from '../form/ClipFormLayout';
import { CongratulationsModal } from '../form/CongratulationsModal';
import { importBody, uploadBody } from '../form/clip-bodies';
import { emptyClipForm } from '../form/clip-form-values';
import { DeviceSource } from '../form/DeviceSource';
import { ImportSource } from '../form/ImportSource';
import { SourceCard } from '../form/SourceCard';
import { UpgradeModal } from '../form/UpgradeModal';
import { useClipForm } from '../form/use-clip-form';
import { type CreateOutcome, UPLOAD_VARIANT, useCreateClip } from '../form/use-create-clip';
import { useFeaturedToggle } from '../form/use-featured-toggle';
import { useObjectUrl } from '../form/use-object-url';
import type { ClipsListLocationState } from '../list/PopclipsListPage';

const isSocial = (source: ClipSourceType): source is SocialSourceType => source !== 'device';

/** /popclips/create (spec 02 §2). */
export function CreatePopclipPage() {
  const navigate = useNavigate();
  const shop = useShop();
  const level = usePopclipsPlanLevel();
  const gating = usePopclipsGating();
  const form = useClipForm(emptyClipForm());
  const create = useCreateClip();
  const featured = useFeaturedToggle(null, (value) => form.set('featured', value));
  const previewUrl = useObjectUrl(form.values.video);
  const [congratulations, setCongratulations] = useState(false);
  const { source } = form.values;
  const mayImport = canImportFromSocial(level);

  // Creating is blocked at the view limit: back to the list, which shows the modal (spec 02 §2).
  const blockedMessage = gating.data ? creationBlockedMessage(gating.data) : null;
  useEffect(() => {
    if (!blockedMessage) return;
    const state: ClipsListLocationState = { viewLimitMessage: blockedMessage };
    navigate(ROUTES.popclipsList, { replace: true, state });
  }, [blockedMessage, navigate]);

  const selectSource = (next: ClipSourceType) => {
    form.set('source', next);
    form.set('sourceUrl', '');
    if (isSocial(next) && !mayImport) create.setUpgradeVariant(UPLOAD_VARIANT[next]);
  };

  const api = useApi();
  const host = useHost();
  // The featured placement chosen while creating is saved once the clip exists: an abandoned
  // create leaves the shop's placement as it was.
  const savePendingPlacement = async () => {
    const positions = featured.placement.pending;
    if (!positions || !form.values.featured) return;
    try {
      await savePlacement(api, 'featured', positions);
      host.showToast(POPCLIP_TOASTS.featuredPlacementSaved);
    } catch {
      host.showToast(POPCLIP_TOASTS.genericFailed, { error: true });
    }
  };

  const finish = async (outcome: CreateOutcome) => {
    if (outcome === 'first' || outcome === 'created') await savePendingPlacement();
    if (outcome === 'first') setCongratulations(true);
    else if (outcome === 'created') navigate(ROUTES.popclipsList);
  };

  const save = async () => {
    const body = form.check(uploadBody(form.values, shop.primaryDomainUrl));
    if (body) await finish(await create.upload(body, form.values));
  };

  const importNow = async () => {
    if (!isSocial(source)) return;
    if (!mayImport) {
      create.setUpgradeVariant(UPLOAD_VARIANT[source]);
      return;
    }
    const body = form.check(importBody(form.values, source, shop.primaryDomainUrl));
    if (body) await finish(await create.importClip(body));
  };

  return (
    <PageShell
      title="Create Popclip"
      loading={gating.isPending}
      primaryAction={
        isSocial(source)
          ? undefined
          : { content: 'Save', loading: create.busy, onAction: () => void save() }
      }
    >
      <ClipFormLayout
        form={form}
        busy={create.busy}
        previewSrc={previewUrl}
        featured={featured}
        thumbnailAllowed={!isSocial(source)}
        source={
          <SourceCard source={source} onSelect={selectSource} disabled={create.busy}>
            {isSocial(source) ? (
              <ImportSource
                key={source}
                source={source}
                url={form.values.sourceUrl}
                importing={create.busy}
                onChange={(url) => form.set('sourceUrl', url)}
                onImport={() => void importNow()}
              />
            ) : (
              <DeviceSource
                video={form.values.video}
                error={form.errors.video}
                progress={create.progress}
                disabled={create.busy}
                onPick={(file) => void form.pickVideo(file)}
              />
            )}
          </SourceCard>
        }
      />
      <UpgradeModal
        variant={create.upgradeVariant}
        onClose={() => create.setUpgradeVariant(null)}
      />
      <CongratulationsModal
        open={congratulations}
        onUploadAnother={() => {
          setCongratulations(false);
          form.reset(emptyClipForm());
        }}
        onGoToList={() => navigate(ROUTES.popclipsList)}
      />
    </PageShell>
  );
}
