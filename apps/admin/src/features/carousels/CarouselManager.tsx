import type { Carousel } from '@popstage/core/carousels';
import { POPCLIP_LABELS, POPCLIP_TOASTS } from '@popstage/core/popclips';
import { ROUTES } from '@popstage/core/routing';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  InlineStack,
  Modal,
  Spinner,
  Text,
} from '@shopify/polaris';
import { DeleteIcon, EditIcon, PlusIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { TitledCard } from '../../lib/ui/TitledCard';
import { editCarouselPath } from './carousel-rules';
import { useCarousels } from './data';
import { EmbedCarouselModal } from './EmbedCarouselModal';
import { PublishStepsModal } from './PublishStepsModal';
import { themeEditorUrl } from './theme-links';
import { useDeleteCarousel } from './use-delete-carousel';
import { usePublishCarousel } from './use-publish-carousel';

export const ALL_POPCLIPS_BANNER_TITLE = 'All your Popclips in one carousel';

/** The carousel manager of the list page (paid levels, spec 02 §2, §6). */
export function CarouselManager() {
  const shop = useShop();
  const host = useHost();
  const navigate = useNavigate();
  const carousels = useCarousels(shop.shopifyDomain);
  const remove = useDeleteCarousel();
  const publisher = usePublishCarousel();
  const [publishing, setPublishing] = useState<Carousel | null>(null);
  const [bannerHidden, setBannerHidden] = useState(false);
  const [embedding, setEmbedding] = useState<Carousel | null>(null);
  const items = carousels.data ?? [];

  const publish = async () => {
    if (!publishing) return;
    if (await publisher.publish(publishing.carousel_id)) setPublishing(null);
  };

  return (
    <BlockStack gap="400">
      {bannerHidden ? null : (
        <Banner
          title={ALL_POPCLIPS_BANNER_TITLE}
          tone="info"
          onDismiss={() => setBannerHidden(true)}
          action={{
            content: 'Add to theme',
            url: themeEditorUrl(host.kind, shop.shopifyDomain, 'block'),
            target: '_blank',
          }}
        >
          <p>
            Add the Popstage carousel block to your theme to show all your Popclips, newest first.
            Create a custom carousel to choose which Popclips show and in what order.
          </p>
        </Banner>
      )}
      <TitledCard
        title="Carousels"
        aside={
          <Button icon={PlusIcon} onClick={() => navigate(ROUTES.popclipsCreateCarousel)}>
            Create carousel
          </Button>
        }
      >
        {carousels.isPending ? (
          <Spinner size="small" accessibilityLabel="Loading carousels" />
        ) : carousels.isError ? (
          <Text as="p" tone="critical">
            {POPCLIP_TOASTS.genericFailed}
          </Text>
        ) : items.length === 0 ? (
          <Text as="p" tone="subdued">
            No carousels yet.
          </Text>
        ) : (
          <ul aria-label="Carousels" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((carousel) => (
              <li key={carousel.carousel_id} style={{ padding: 'var(--p-space-200) 0' }}>
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <BlockStack gap="100">
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="h3" variant="headingSm">
                        {carousel.carousel_title}
                      </Text>
                      {carousel.is_published ? (
                        <Badge tone="success">Published</Badge>
                      ) : (
                        <Badge>Draft</Badge>
                      )}
                    </InlineStack>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {carousel.carousel_type === 'custom'
                        ? `${POPCLIP_LABELS.customCarousel} · ${carousel.carousel_type_ids.length} Popclips`
                        : POPCLIP_LABELS.collectionCarousel}
                    </Text>
                  </BlockStack>
                  <InlineStack gap="200" blockAlign="center">
                    {carousel.is_published ? (
                      <Button
                        accessibilityLabel={`Embed ${carousel.carousel_title}`}
                        onClick={() => setEmbedding(carousel)}
                      >
                        Embed
                      </Button>
                    ) : (
                      <Button onClick={() => setPublishing(carousel)}>Publish</Button>
                    )}
                    <Button
                      icon={EditIcon}
                      accessibilityLabel={`Edit ${carousel.carousel_title}`}
                      onClick={() => navigate(editCarouselPath(carousel.carousel_id))}
                    />
                    <Button
                      icon={DeleteIcon}
                      tone="critical"
                      variant="tertiary"
                      accessibilityLabel={`Delete ${carousel.carousel_title}`}
                      onClick={() => remove.ask(carousel)}
                    />
                  </InlineStack>
                </InlineStack>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <Modal
        open={remove.pending !== null}
        onClose={remove.cancel}
        title="Delete carousel?"
        primaryAction={{
          content: 'Delete',
          destructive: true,
          loading: remove.deleting,
          onAction: () => void remove.confirm(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: remove.cancel }]}
      >
        <Modal.Section>
          <Text as="p">
            {`"${remove.pending?.carousel_title ?? ''}" will be removed from your storefront. This cannot be undone.`}
          </Text>
        </Modal.Section>
      </Modal>
      <EmbedCarouselModal carousel={embedding} onClose={() => setEmbedding(null)} />
      <PublishStepsModal
        carousel={publishing}
        publishing={publisher.publishing}
        onPublish={() => void publish()}
        onClose={() => setPublishing(null)}
      />
    </BlockStack>
  );
}
