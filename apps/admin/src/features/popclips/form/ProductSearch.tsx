import { PRODUCT_SEARCH_PAGE_SIZE } from '@popstage/core/catalogue';
import { formatPrice } from '@popstage/core/format';
import { POPCLIP_EMPTY_MESSAGES, SEARCH_DEBOUNCE_LONG_MS } from '@popstage/core/popclips';
import { BlockStack, Box, Button, InlineStack, Spinner, Text, Thumbnail } from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import { SearchField } from '../../../lib/ui/SearchField';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProductSearch } from '../../catalogue';
import { fromPickerItem, type TaggedProduct } from '../shared/tagged-product';
import styles from './product-search.module.css';

interface Props {
  taggedIds: readonly string[];
  onAdd: (product: TaggedProduct) => void;
}

/**
 * The product picker: pages of PRODUCT_SEARCH_PAGE_SIZE published products, searched 1.5 s after
 * typing stops (the reading of spec 02 §2), with "Load more" for the next page.
 */
export function ProductSearch({ taggedIds, onAdd }: Props) {
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_LONG_MS);
  const search = useProductSearch(debounced);
  const products = search.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <BlockStack gap="200">
      <SearchField
        label="Search products"
        placeholder="Search products by title"
        value={query}
        onChange={setQuery}
      />
      <div className={styles.results} aria-busy={search.isFetching}>
        {search.isPending ? (
          <Box padding="400">
            <InlineStack align="center">
              <Spinner size="small" accessibilityLabel="Loading products" />
            </InlineStack>
          </Box>
        ) : products.length === 0 ? (
          <Box padding="400">
            <Text as="p" tone="subdued" alignment="center">
              {POPCLIP_EMPTY_MESSAGES.noResults}
            </Text>
          </Box>
        ) : (
          <ul className={styles.list} aria-label="Products">
            {products.map((item) => {
              const tagged = taggedIds.includes(item.id);
              return (
                <li key={item.id} className={styles.row}>
                  <Thumbnail
                    size="small"
                    source={item.imgSrc ?? ImageIcon}
                    alt={item.imgAlt ?? item.title}
                  />
                  <div className={styles.grow}>
                    <Text as="span" fontWeight="medium" truncate>
                      {item.title}
                    </Text>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {formatPrice(item.amount, item.currencyCode)}
                    </Text>
                  </div>
                  <Button
                    size="slim"
                    disabled={tagged}
                    // The name starts with the visible word (WCAG 2.5.3, axe).
                    accessibilityLabel={`${tagged ? 'Tagged' : 'Tag'} ${item.title}`}
                    onClick={() => onAdd(fromPickerItem(item))}
                  >
                    {tagged ? 'Tagged' : 'Tag'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {search.hasNextPage ? (
          <Box padding="200">
            <InlineStack align="center">
              <Button
                variant="plain"
                onClick={() => void search.fetchNextPage()}
                loading={search.isFetchingNextPage}
                accessibilityLabel={`Load more products (${PRODUCT_SEARCH_PAGE_SIZE} more)`}
              >
                Load more
              </Button>
            </InlineStack>
          </Box>
        ) : null}
      </div>
    </BlockStack>
  );
}
