import {
  COLLECTION_SEARCH_DEBOUNCE_MS,
  type CollectionOption,
  MOBILE_MESSAGES,
} from '@popstage/core/mobile';
import { BlockStack, InlineError, Listbox, Scrollable, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCollectionSearch } from './data';

interface Props {
  label: string;
  selected: CollectionOption | null;
  onSelect(collection: CollectionOption): void;
  disabled?: boolean;
  error?: string | undefined;
}

/** Storefront collection search by title (20 results, 500 ms debounce) and the chosen one. */
export function CollectionPicker({ label, selected, onSelect, disabled = false, error }: Props) {
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, COLLECTION_SEARCH_DEBOUNCE_MS);
  const results = useCollectionSearch(debounced.trim(), !disabled);

  return (
    <BlockStack gap="200">
      <TextField
        label={label}
        value={query}
        onChange={setQuery}
        autoComplete="off"
        placeholder="Search collections"
        disabled={disabled}
      />
      <Text as="p" variant="bodySm">
        Selected: <strong>{selected?.label ?? 'none'}</strong>
      </Text>
      {disabled ? null : results.data && results.data.length === 0 ? (
        <Text as="p" tone="subdued">
          {MOBILE_MESSAGES.noResults}
        </Text>
      ) : (
        <Scrollable style={{ maxHeight: 220 }}>
          <Listbox
            accessibilityLabel={`${label} results`}
            onSelect={(value) => {
              const found = results.data?.find((option) => option.value === value);
              if (found) onSelect(found);
            }}
          >
            {(results.data ?? []).map((option) => (
              <Listbox.Option
                key={option.value}
                value={option.value}
                selected={option.value === selected?.value}
              >
                {option.label}
              </Listbox.Option>
            ))}
          </Listbox>
        </Scrollable>
      )}
      {error ? <InlineError message={error} fieldID="collection" /> : null}
    </BlockStack>
  );
}
