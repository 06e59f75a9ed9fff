import type { SummaryItem } from '@popstage/core/analytics';
import {
  BlockStack,
  Box,
  Card,
  Checkbox,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import type { InsightsFilter } from './data';
import { RANGE_PRESETS, type RangePreset, WINDOW_OPTIONS } from './insights-filter';

/** The dashboard's filters: date range, comparison and attribution window. */

/** The one-line explanation of the kinds, next to the numbers (docs/decisions.md). */
const KINDS_EXPLAINED =
  'Direct: the product was clicked or added to cart from a Popclip. Indirect: another product, bought after a click, add to cart or like on a Popclip. Influenced: bought within 24 hours of watching a Popclip, with no other interaction.';

export function FilterBar(props: {
  preset: RangePreset;
  filter: InsightsFilter;
  summary: SummaryItem | undefined;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const { preset, filter, summary, onChange } = props;
  const [from, setFrom] = useState(filter.from ?? summary?.from ?? '');
  const [to, setTo] = useState(filter.to ?? summary?.to ?? '');
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="300" wrap blockAlign="end">
          <Box minWidth="180px">
            <Select
              label="Date range"
              options={RANGE_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
              value={preset}
              onChange={(value) =>
                onChange(
                  value === 'custom'
                    ? { range: value, from: summary?.from ?? null, to: summary?.to ?? null }
                    : { range: value, from: null, to: null },
                )
              }
            />
          </Box>
          {preset === 'custom' ? (
            <>
              <Box minWidth="150px">
                <TextField
                  label="From"
                  type="date"
                  autoComplete="off"
                  value={from || (filter.from ?? '')}
                  onChange={setFrom}
                  onBlur={() => from && onChange({ from })}
                />
              </Box>
              <Box minWidth="150px">
                <TextField
                  label="To"
                  type="date"
                  autoComplete="off"
                  value={to || (filter.to ?? '')}
                  onChange={setTo}
                  onBlur={() => to && onChange({ to })}
                />
              </Box>
            </>
          ) : null}
          <Box minWidth="140px">
            <Select
              label="Attribution window"
              options={WINDOW_OPTIONS}
              value={String(filter.window)}
              onChange={(value) => onChange({ window: value })}
            />
          </Box>
          <Checkbox
            label="Compare with the previous period"
            checked={filter.compare}
            onChange={(checked) => onChange({ compare: checked ? '1' : null })}
          />
        </InlineStack>
        <Text as="p" variant="bodySm" tone="subdued">
          {summary
            ? `${summary.from} to ${summary.to}. Days, ISO weeks (Monday to Sunday) and calendar months follow the store's time zone, ${summary.time_zone}. Sales are credited within ${filter.window === 1 ? '1 day' : `${filter.window} days`} of a click, add to cart or like, and 24 hours of a view.`
            : 'Days, ISO weeks (Monday to Sunday) and calendar months follow the store\u2019s time zone.'}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {KINDS_EXPLAINED}
        </Text>
      </BlockStack>
    </Card>
  );
}
