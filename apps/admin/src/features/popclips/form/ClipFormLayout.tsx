import { TITLE_MAX_LENGTH } from '@popstage/core/popclips';
import { BlockStack, Card, Layout, TextField } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { PlacementModal } from '../../placement';
import { FeaturedOverrideModal } from './FeaturedOverrideModal';
import { ProductsCard } from './ProductsCard';
import { ThumbnailCard } from './ThumbnailCard';
import type { ClipForm } from './use-clip-form';
import type { useFeaturedToggle } from './use-featured-toggle';
import { VideoPreviewCard } from './VideoPreviewCard';
import { VisibilityCard } from './VisibilityCard';

interface Props {
  form: ClipForm;
  busy: boolean;
  /** The video source (create: tabs; edit: nothing, the stored video is in the preview). */
  source?: ReactNode;
  previewSrc: string | null;
  previewPoster?: string | null;
  storedThumbnailUrl?: string | null;
  /** A stored custom thumbnail can be replaced but not removed (the API has no removal). */
  thumbnailLocked?: boolean;
  /** False for imports: csImport takes no custom thumbnail. */
  thumbnailAllowed?: boolean;
  featured: ReturnType<typeof useFeaturedToggle>;
}

/** The fields of create and edit (spec 02 §2): content on the left, media and visibility right. */
export function ClipFormLayout(props: Props) {
  const { form, busy, featured } = props;
  const { values, errors } = form;
  return (
    <Layout>
      <Layout.Section>
        <BlockStack gap="400">
          <Card>
            <TextField
              id="popclip-title"
              label="Clip Title"
              value={values.title}
              onChange={form.setTitle}
              error={errors.title}
              maxLength={TITLE_MAX_LENGTH}
              autoComplete="off"
              disabled={busy}
            />
          </Card>
          {props.source}
          <ProductsCard
            products={values.products}
            error={errors.products}
            onAdd={form.addProduct}
            onRemove={form.removeProduct}
          />
        </BlockStack>
      </Layout.Section>
      <Layout.Section variant="oneThird">
        <BlockStack gap="400">
          <VideoPreviewCard src={props.previewSrc} poster={props.previewPoster} />
          {props.thumbnailAllowed === false ? null : (
            <ThumbnailCard
              enabled={values.customThumbnail}
              file={values.thumbnail}
              storedUrl={props.storedThumbnailUrl ?? null}
              locked={props.thumbnailLocked ?? false}
              error={errors.thumbnail}
              disabled={busy}
              onToggle={(enabled) => form.set('customThumbnail', enabled)}
              onPick={form.pickThumbnail}
            />
          )}
          <VisibilityCard
            excludeFromProductPage={values.excludeFromProductPage}
            featured={values.featured}
            disabled={busy}
            onExcludeChange={(exclude) => form.set('excludeFromProductPage', exclude)}
            onFeaturedChange={featured.onChange}
            onPlacement={featured.placement.openModal}
          />
        </BlockStack>
      </Layout.Section>
      <FeaturedOverrideModal {...featured.modal} />
      <PlacementModal
        open={featured.placement.open}
        player="featured"
        onClose={featured.placement.onClose}
        onChoose={featured.placement.onChoose}
        chosen={featured.placement.chosen}
      />
    </Layout>
  );
}
