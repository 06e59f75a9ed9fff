import {
  type CatalogueCollection,
  COLLECTION_FETCH_PRODUCTS,
  COLLECTION_PREVIEW_PRODUCTS,
} from '@popstage/core/catalogue';
import { POPCLIP_EMPTY_MESSAGES, POPCLIP_LABELS } from '@popstage/core/popclips';
import {
  BlockStack,
  Icon,
  InlineStack,
  RadioButton,
  SkeletonThumbnail,
  Spinner,
  Text,
  TextField,
} from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCollectionPreview, useCollections } from '../catalogue';
import { productCountLabel } from './carousel-rules';
import styles from './carousels.module.css';

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
      <TextField
        label="Search collections"
        placeholder="Search collections"
        prefix={<Icon source={SearchIcon} />}
        value={search}
        onChange={setSearch}
        autoComplete="off"
        clearButton
        onClearButtonClick={() => setSearch('')}
      />
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

/** The picked collection: its size and its first 5 products. */
export function CollectionPreview({ collection }: { collection: CatalogueCollection }) {
  const preview = useCollectionPreview(collection.id, COLLECTION_PREVIEW_PRODUCTS);
  const products = (preview.data ?? []).slice(0, COLLECTION_PREVIEW_PRODUCTS);
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
      {preview.isPending ? (
        <InlineStack gap="200">
          {Array.from({ length: COLLECTION_PREVIEW_PRODUCTS }, (_, i) => (
            <SkeletonThumbnail key={String(i)} size="medium" />
          ))}
        </InlineStack>
      ) : products.length > 0 ? (
        <ul className={styles.previewRow} aria-label="Collection preview">
          {products.map((product) => (
            <li key={product.id} className={styles.previewItem}>
              {product.imgSrc ? (
                <img
                  className={styles.previewImage}
                  src={product.imgSrc}
                  alt={product.imgAlt ?? ''}
                />
              ) : (
                <span className={styles.previewImage} />
              )}
              <Text as="span" variant="bodySm" truncate>
                {product.title}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </BlockStack>
  );
}
