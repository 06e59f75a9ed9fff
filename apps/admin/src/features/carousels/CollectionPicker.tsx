import { type CatalogueCollection, COLLECTION_FETCH_PRODUCTS } from '@popstage/core/catalogue';
import { POPCLIP_EMPTY_MESSAGES, POPCLIP_LABELS, type Popclip } from '@popstage/core/popclips';
import {
  Banner,
  BlockStack,
  InlineStack,
  RadioButton,
  SkeletonThumbnail,
  Spinner,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { SearchField } from '../../lib/ui/SearchField';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCollections } from '../catalogue';
import { productCountLabel } from './carousel-rules';
import styles from './carousels.module.css';
import { SortableClipList } from './SortableClipList';

/** Collection search waits until typing has stopped for 500 ms. */
export const COLLECTION_SEARCH_DEBOUNCE_MS = 500;

interface Props {
  selected: CatalogueCollection | null;
  /** The stored collection id while its details are not known yet (edit). */
  selectedId: string | null;
  onSelect: (collection: CatalogueCollection) => void;
}

export const countLabel = (count: number) =>
  productCountLabel(count, POPCLIP_LABELS.collectionOverLimit, COLLECTION_FETCH_PRODUCTS);

/** Search (first 20 of GET /api/catalogue/collections) and pick one collection. */
export function CollectionPicker({ selected, selectedId, onSelect }: Props) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), COLLECTION_SEARCH_DEBOUNCE_MS);
  const collections = useCollections(query, true);
  const items = collections.data ?? [];
  const currentId = selected?.id ?? selectedId;

  return (
    <BlockStack gap="300">
      <SearchField label="Search collections" value={search} onChange={setSearch} />
      {collections.isPending ? (
        <Spinner size="small" accessibilityLabel="Loading collections" />
      ) : items.length === 0 ? (
        <Text as="p" tone="subdued">
          {POPCLIP_EMPTY_MESSAGES.noResults}
        </Text>
      ) : (
        <fieldset className={styles.fieldset} aria-label="Collections">
          <BlockStack gap="100">
            {items.map((collection) => (
              <RadioButton
                key={collection.id}
                id={`collection-${collection.id}`}
                name="carousel-collection"
                label={collection.title}
                helpText={countLabel(collection.productsCount)}
                checked={collection.id === currentId}
                onChange={() => onSelect(collection)}
              />
            ))}
          </BlockStack>
        </fieldset>
      )}
    </BlockStack>
  );
}

export const PREVIEW_HELP =
  'The Popclips this carousel shows on your storefront, in its order. Drag them, or use the arrows, to change it.';

interface PreviewProps {
  collection: CatalogueCollection;
  /** The collection's Popclips in the carousel's order; null while loading. */
  clips: Popclip[] | null;
  onReorder: (next: Popclip[]) => void;
}

/**
 * The picked collection and the Popclips the carousel will show on the storefront (those tagged
 * with the collection's products), in the carousel's order, which the merchant can change.
 */
export function CollectionPreview({ collection, clips, onReorder }: PreviewProps) {
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {collection.title}
        </Text>
        <Text as="span" tone="subdued">
          {countLabel(collection.productsCount)}
        </Text>
      </InlineStack>
      {clips === null ? (
        <BlockStack gap="200">
          {Array.from({ length: 3 }, (_, i) => (
            <SkeletonThumbnail key={String(i)} size="small" />
          ))}
        </BlockStack>
      ) : clips.length === 0 ? (
        <Banner tone="warning">{POPCLIP_EMPTY_MESSAGES.noPopclipInCollection}</Banner>
      ) : (
        <>
          <Text as="p" tone="subdued">
            {PREVIEW_HELP}
          </Text>
          <SortableClipList clips={clips} onChange={onReorder} />
        </>
      )}
    </BlockStack>
  );
}
