import { MOBILE_MESSAGES } from '@popstage/core/mobile';
import { BlockStack, Listbox, Scrollable, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useShop } from '../../app/shop/ShopContext';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCollections, useProductSearch } from '../catalogue';
import { useClipsList } from '../popclips';

export type RouteKind = 'none' | 'collection' | 'product' | 'popclip';
export interface ChosenRoute {
  kind: RouteKind;
  /** The deep-link path, or null while nothing is chosen. */
  path: string | null;
  label: string | null;
}

const KINDS = [
  { label: 'Home screen', value: 'none' },
  { label: 'A collection', value: 'collection' },
  { label: 'A product', value: 'product' },
  { label: 'A Popclip', value: 'popclip' },
];
const SEARCH_DEBOUNCE_MS = 500;

/** Where a tap on the notification opens the app: a collection, a product or a Popclip. */
export function RoutePicker({
  value,
  onChange,
}: {
  value: ChosenRoute;
  onChange(route: ChosenRoute): void;
}) {
  const shop = useShop();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const collections = useCollections(debounced, value.kind === 'collection');
  const products = useProductSearch(value.kind === 'product' ? debounced : '');
  const clips = useClipsList(shop.shopifyDomain);

  const options =
    value.kind === 'collection'
      ? (collections.data ?? []).map((c) => ({ value: `/collections/${c.handle}`, label: c.title }))
      : value.kind === 'product'
        ? (products.data?.pages.flatMap((page) => page.data) ?? []).map((p) => ({
            value: `/products/${p.handle}`,
            label: p.title,
          }))
        : value.kind === 'popclip'
          ? (clips.data?.pages.flatMap((page) => page.data) ?? [])
              .filter((clip) => clip.status === 'processed')
              .filter((clip) =>
                clip.metaData.videoTitle.toLowerCase().includes(debounced.toLowerCase()),
              )
              .map((clip) => ({
                value: `/popclips/${clip.metaIdentifier}`,
                label: clip.metaData.videoTitle || 'Untitled Popclip',
              }))
          : [];

  return (
    <BlockStack gap="200">
      <Select
        label="Opens"
        options={KINDS}
        value={value.kind}
        onChange={(kind) => {
          setQuery('');
          onChange({ kind: kind as RouteKind, path: null, label: null });
        }}
      />
      {value.kind !== 'none' && (
        <>
          <TextField
            label={`Search ${value.kind === 'popclip' ? 'Popclips' : `${value.kind}s`}`}
            value={query}
            onChange={setQuery}
            autoComplete="off"
          />
          <Text as="p" variant="bodySm">
            Selected: <strong>{value.label ?? 'none'}</strong>
          </Text>
          {options.length === 0 ? (
            <Text as="p" tone="subdued">
              {MOBILE_MESSAGES.noResults}
            </Text>
          ) : (
            <Scrollable style={{ maxHeight: 220 }}>
              <Listbox
                accessibilityLabel="Route results"
                onSelect={(path) => {
                  const found = options.find((option) => option.value === path);
                  if (found) onChange({ kind: value.kind, path: found.value, label: found.label });
                }}
              >
                {options.map((option) => (
                  <Listbox.Option
                    key={option.value}
                    value={option.value}
                    selected={option.value === value.path}
                  >
                    {option.label}
                  </Listbox.Option>
                ))}
              </Listbox>
            </Scrollable>
          )}
        </>
      )}
    </BlockStack>
  );
}
