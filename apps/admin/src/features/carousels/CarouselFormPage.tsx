import { hasPopclipsCapability } from '@popstage/core/billing';
import { type CarouselType, carouselCreateSchema, carouselOrder } from '@popstage/core/carousels';
import type { CatalogueCollection } from '@popstage/core/catalogue';
import {
  MIN_CAROUSEL_CLIPS,
  POPCLIP_LABELS,
  POPCLIP_TOASTS,
  type Popclip,
} from '@popstage/core/popclips';
import { ROUTES } from '@popstage/core/routing';
import {
  Banner,
  BlockStack,
  Card,
  Icon,
  InlineStack,
  Layout,
  RadioButton,
  Text,
  TextField,
} from '@shopify/polaris';
import { LockIcon } from '@shopify/polaris-icons';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { PageShell } from '../../app/shell/PageShell';
import { useShop } from '../../app/shop/ShopContext';
import { ApiError } from '../../lib/api/errors';
import { TitledCard } from '../../lib/ui/TitledCard';
import { useTrack } from '../analytics';
import { usePopclipsPlanLevel } from '../billing';
import { useCollections } from '../catalogue';
import { UpgradeModal, useClipsByMetaIds } from '../popclips';
import { ClipPicker } from './ClipPicker';
import { CollectionPicker, CollectionPreview } from './CollectionPicker';
import { suggestCarouselTitle } from './carousel-rules';
import { useCarousel, useCarousels, useCollectionCarouselClips, useSaveCarousel } from './data';
import { PublishStepsModal } from './PublishStepsModal';
import { SortableClipList } from './SortableClipList';
import { usePublishCarousel } from './use-publish-carousel';

export const CAROUSEL_NOT_FOUND = 'Carousel not found.';
export const TYPE_LOCKED_HELP = 'The type of a saved carousel cannot be changed.';
export const COLLECTION_LOCKED_HELP = 'Available on the premium plan.';

interface Props {
  mode: 'create' | 'edit';
}

/** /popclips/create-carousel and /popclips/edit-carousel?id= (spec 02 §2 Carousels). */
export function CarouselFormPage({ mode }: Props) {
  const level = usePopclipsPlanLevel();
  // On the free level the create screen goes back to the list (spec 02 §2).
  if (mode === 'create' && !hasPopclipsCapability(level, 'customCarousels')) {
    return <Navigate to={ROUTES.popclipsList} replace />;
  }
  return <CarouselForm mode={mode} />;
}

function CarouselForm({ mode }: Props) {
  const host = useHost();
  const track = useTrack();
  const shop = useShop();
  const navigate = useNavigate();
  const level = usePopclipsPlanLevel();
  const [params] = useSearchParams();
  const editId = mode === 'edit' ? params.get('id') : null;
  const carousels = useCarousels(shop.shopifyDomain);
  const one = useCarousel(editId);
  const stored = one.data ?? null;
  const collectionsAllowed = hasPopclipsCapability(level, 'collectionCarousels');

  const [title, setTitle] = useState('');
  const [type, setType] = useState<CarouselType>('custom');
  const [picked, setPicked] = useState<Popclip[]>([]);
  const [collection, setCollection] = useState<CatalogueCollection | null>(null);
  const [collectionChanged, setCollectionChanged] = useState(false);
  /** A collection's Popclips in the carousel's order; `moved` once the merchant reorders them. */
  const [collectionOrder, setCollectionOrder] = useState<{
    collectionId: string;
    clips: Popclip[];
    moved: boolean;
  } | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [saved, setSaved] = useState<{ carousel_id: string; carousel_title: string } | null>(null);
  const publisher = usePublishCarousel();
  const saver = useSaveCarousel();
  const loadedFor = useRef<string | null>(null);

  // Edit: a missing carousel goes back to the list.
  const missing = mode === 'edit' && (editId === null || one.isError);
  useEffect(() => {
    if (!missing) return;
    host.showToast(
      one.error instanceof ApiError && one.error.status !== 404
        ? one.error.message
        : CAROUSEL_NOT_FOUND,
      { error: true },
    );
    navigate(ROUTES.popclipsList, { replace: true });
  }, [missing, one.error, host, navigate]);

  // Edit: the stored clips in their stored order.
  const storedClipIds =
    stored?.carousel_type === 'custom'
      ? stored.sorted_popclips_ids.length > 0
        ? stored.sorted_popclips_ids
        : stored.carousel_type_ids
      : [];
  const storedClips = useClipsByMetaIds(storedClipIds);
  const storedCollectionId =
    stored?.carousel_type === 'collection' ? (stored.carousel_type_ids[0] ?? null) : null;
  const allCollections = useCollections('', storedCollectionId !== null);

  useEffect(() => {
    if (!stored || loadedFor.current === stored.carousel_id) return;
    loadedFor.current = stored.carousel_id;
    setTitle(stored.carousel_title);
    setType(stored.carousel_type);
  }, [stored]);
  useEffect(() => {
    if (storedClips.data) setPicked(storedClips.data);
  }, [storedClips.data]);
  useEffect(() => {
    if (!storedCollectionId || collection) return;
    const found = allCollections.data?.find((c) => c.id === storedCollectionId);
    if (found) setCollection(found);
  }, [storedCollectionId, allCollections.data, collection]);

  // Collection: the Popclips the storefront will show, in the stored order (kept for the same
  // collection, cleared by a switch), then newest first.
  const previewCollectionId =
    type === 'collection'
      ? (collection?.id ?? (collectionChanged ? null : storedCollectionId))
      : null;
  const collectionClipIds = useCollectionCarouselClips(previewCollectionId);
  const collectionClips = useClipsByMetaIds(collectionClipIds.data ?? []);
  useEffect(() => {
    const ids = collectionClipIds.data;
    if (!previewCollectionId || !ids) return;
    if (collectionOrder?.collectionId === previewCollectionId) return;
    if (ids.length > 0 && !collectionClips.data) return;
    const sorted =
      previewCollectionId === storedCollectionId ? (stored?.sorted_popclips_ids ?? []) : [];
    const byId = new Map((collectionClips.data ?? []).map((clip) => [clip.metaIdentifier, clip]));
    const clips = carouselOrder(sorted, ids)
      .map((id) => byId.get(id))
      .filter((clip): clip is Popclip => clip !== undefined);
    setCollectionOrder({ collectionId: previewCollectionId, clips, moved: false });
  }, [
    previewCollectionId,
    collectionClipIds.data,
    collectionClips.data,
    collectionOrder,
    storedCollectionId,
    stored,
  ]);
  const previewClips =
    collectionOrder && collectionOrder.collectionId === previewCollectionId
      ? collectionOrder.clips
      : null;
  const reorderCollection = (clips: Popclip[]) =>
    setCollectionOrder((current) => current && { ...current, clips, moved: true });

  const placeholder = suggestCarouselTitle(carousels.data ?? []);
  const typeIds =
    type === 'custom'
      ? picked.map((clip) => clip.metaIdentifier)
      : collection
        ? [collection.id]
        : storedCollectionId && !collectionChanged
          ? [storedCollectionId]
          : [];

  const chooseType = (next: CarouselType) => {
    if (mode === 'edit') return;
    if (next === 'collection' && !collectionsAllowed) {
      setUpgradeOpen(true);
      return;
    }
    setType(next);
  };

  const toggleClip = (clip: Popclip) =>
    setPicked((current) =>
      current.some((c) => c.metaIdentifier === clip.metaIdentifier)
        ? current.filter((c) => c.metaIdentifier !== clip.metaIdentifier)
        : [...current, clip],
    );

  const selectCollection = (next: CatalogueCollection) => {
    setCollection(next);
    // Switching collection clears the stored sort order (spec 02 §2).
    if (next.id !== storedCollectionId) setCollectionChanged(true);
  };

  const save = async () => {
    // The server's own schema: the same rules and messages (title, 3 clips, one collection).
    const checked = carouselCreateSchema.safeParse({
      ...(stored ? { carousel_id: stored.carousel_id } : {}),
      customer_id: shop.shopifyDomain,
      carousel_title: title,
      carousel_type: type,
      carousel_type_ids: typeIds,
      // A collection's order is sent once the merchant moved a Popclip; otherwise the server
      // keeps the stored one (cleared when the collection changes) and new Popclips come first.
      ...(type === 'custom'
        ? { sorted_popclips_ids: typeIds }
        : collectionOrder?.moved && collectionOrder.collectionId === typeIds[0]
          ? { sorted_popclips_ids: collectionOrder.clips.map((clip) => clip.metaIdentifier) }
          : {}),
    });
    if (!checked.success) {
      host.showToast(checked.error.issues[0]?.message ?? POPCLIP_TOASTS.genericFailed, {
        error: true,
      });
      return;
    }
    const body = checked.data;
    try {
      const answer = await saver.save(body);
      if (stored?.is_published) {
        track({ action: 'save', category: 'carousels', stage: 'published' });
        host.showToast(POPCLIP_TOASTS.carouselSaved);
        navigate(ROUTES.popclipsList);
        return;
      }
      setSaved({ carousel_id: answer.carousel_id, carousel_title: body.carousel_title });
    } catch (caught) {
      host.showToast(caught instanceof Error ? caught.message : POPCLIP_TOASTS.genericFailed, {
        error: true,
      });
    }
  };

  const publish = async () => {
    if (!saved) return;
    if (await publisher.publish(saved.carousel_id)) navigate(ROUTES.popclipsList);
  };

  const pageTitle = mode === 'create' ? 'Create Carousel' : 'Edit Carousel';
  const loading =
    (mode === 'edit' && !stored) || (storedClipIds.length > 0 && storedClips.isPending);

  return (
    <PageShell
      title={pageTitle}
      loading={loading}
      primaryAction={{ content: 'Save', loading: saver.pending, onAction: () => void save() }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <TextField
                label="Carousel title"
                value={title}
                onChange={setTitle}
                placeholder={placeholder}
                helpText="Shown above the carousel on your storefront."
                autoComplete="off"
                maxLength={255}
              />
            </Card>
            <TitledCard title="Carousel type" gap="200">
              {/* A saved carousel's type is fixed: said plainly, not as faint disabled radios. */}
              {mode === 'edit' ? (
                <Text as="p" fontWeight="semibold">
                  {type === 'custom'
                    ? POPCLIP_LABELS.customCarousel
                    : POPCLIP_LABELS.collectionCarousel}
                </Text>
              ) : (
                <>
                  <RadioButton
                    id="carousel-type-custom"
                    name="carousel-type"
                    label={POPCLIP_LABELS.customCarousel}
                    helpText="Pick the Popclips and their order."
                    checked={type === 'custom'}
                    onChange={() => chooseType('custom')}
                  />
                  <RadioButton
                    id="carousel-type-collection"
                    name="carousel-type"
                    label={
                      <InlineStack gap="100" blockAlign="center" wrap={false}>
                        <span>{POPCLIP_LABELS.collectionCarousel}</span>
                        {collectionsAllowed ? null : (
                          <span aria-hidden>
                            <Icon source={LockIcon} tone="subdued" />
                          </span>
                        )}
                      </InlineStack>
                    }
                    helpText={
                      collectionsAllowed
                        ? 'Show the Popclips tagged with the products of one collection.'
                        : COLLECTION_LOCKED_HELP
                    }
                    checked={type === 'collection'}
                    onChange={() => chooseType('collection')}
                  />
                </>
              )}
              {mode === 'edit' ? (
                <Text as="p" tone="subdued">
                  {TYPE_LOCKED_HELP}
                </Text>
              ) : null}
            </TitledCard>
            {type === 'custom' ? (
              <TitledCard title="Popclips">
                <Text as="p" tone="subdued">
                  {`Select at least ${MIN_CAROUSEL_CLIPS} Popclips.`}
                </Text>
                <ClipPicker picked={picked} onToggle={toggleClip} />
              </TitledCard>
            ) : (
              <TitledCard title="Collection">
                <CollectionPicker
                  selected={collection}
                  selectedId={collectionChanged ? null : storedCollectionId}
                  onSelect={selectCollection}
                />
              </TitledCard>
            )}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <TitledCard title={type === 'custom' ? 'Carousel order' : 'Preview'}>
            {type === 'custom' ? (
              picked.length === 0 ? (
                <Text as="p" tone="subdued">
                  Selected Popclips show here. Drag them, or use the arrows, to set their order.
                </Text>
              ) : (
                <SortableClipList clips={picked} onChange={setPicked} onRemove={toggleClip} />
              )
            ) : collection ? (
              <CollectionPreview
                collection={collection}
                clips={previewClips}
                onReorder={reorderCollection}
              />
            ) : (
              <Text as="p" tone="subdued">
                Pick a collection to see its Popclips.
              </Text>
            )}
          </TitledCard>
          {stored?.is_published ? (
            <div style={{ marginTop: 'var(--p-space-400)' }}>
              <Banner tone="success">This carousel is published.</Banner>
            </div>
          ) : null}
        </Layout.Section>
      </Layout>
      <UpgradeModal
        variant={upgradeOpen ? 'categoryCarousels' : null}
        onClose={() => setUpgradeOpen(false)}
      />
      <PublishStepsModal
        carousel={saved}
        publishing={publisher.publishing}
        onPublish={() => void publish()}
        onClose={() => navigate(ROUTES.popclipsList)}
      />
    </PageShell>
  );
}
