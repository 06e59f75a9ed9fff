import { BlockStack, Button, InlineStack, Text, TextField } from '@shopify/polaris';
import type { DiscountCodeState } from './use-discount-code';

/** The discount-code input with its Apply button and the applied state. */
export function DiscountCodeField({ discount }: { discount: DiscountCodeState }) {
  const { input, setInput, applied, error, applying, apply, remove } = discount;
  return (
    <BlockStack gap="200">
      <TextField
        label="Discount code"
        value={input}
        onChange={setInput}
        autoComplete="off"
        error={error ?? undefined}
        connectedRight={
          <Button onClick={apply} loading={applying} disabled={input.trim() === ''}>
            Apply
          </Button>
        }
      />
      {applied ? (
        <InlineStack gap="200" blockAlign="center">
          <Text as="p" tone="success">
            Discount code {applied.code} applied.
          </Text>
          <Button variant="plain" onClick={remove}>
            Remove
          </Button>
        </InlineStack>
      ) : null}
    </BlockStack>
  );
}
