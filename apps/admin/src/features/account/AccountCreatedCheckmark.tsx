import { BlockStack, Box, Card, Text } from '@shopify/polaris';

/** The success checkmark of spec 01 §4; the shop reload that follows moves the merchant on. */
export function AccountCreatedCheckmark() {
  return (
    <Card>
      <Box paddingBlock="800">
        <BlockStack gap="400" inlineAlign="center">
          <svg
            width="72"
            height="72"
            viewBox="0 0 72 72"
            role="img"
            aria-label="Account created"
            style={{ color: 'var(--p-color-icon-success)' }}
          >
            <circle cx="36" cy="36" r="34" fill="none" stroke="currentColor" strokeWidth="4" />
            <path
              d="M22 37l9 9 19-20"
              fill="none"
              stroke="currentColor"
              strokeWidth="5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <Text as="h2" variant="headingLg">
            Your account is ready
          </Text>
          <Text as="p" tone="subdued">
            Taking you to the next step...
          </Text>
        </BlockStack>
      </Box>
    </Card>
  );
}
