import { Badge, BlockStack, Box, Card, Icon, InlineStack, Text, Tooltip } from '@shopify/polaris';
import { ClockIcon } from '@shopify/polaris-icons';
import type { ReactNode } from 'react';
import { StepIcon } from './StepIcon';
import { PREVIOUS_STEPS_TOOLTIP, type StepState, timeHint } from './wizard-steps';

interface Props {
  number: number;
  state: StepState;
  description: string;
  /** The step's controls; rendered disabled-looking by the caller when the step is locked. */
  children?: ReactNode;
}

/** One wizard step: number or check, title, time hint, and its controls (spec 01 §2.11). */
export function StepCard({ number, state, description, children }: Props) {
  const { step, done, skipped, enabled } = state;
  const card = (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            <StepIcon done={done} skipped={skipped} number={number} muted={!enabled} />
            <Text as="h2" variant="headingMd" tone={enabled ? undefined : 'subdued'}>
              {step.title}
            </Text>
          </InlineStack>
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            {skipped ? (
              <Badge>Skipped</Badge>
            ) : done ? (
              <Badge tone="success">Completed</Badge>
            ) : null}
            <InlineStack gap="100" blockAlign="center" wrap={false}>
              <span style={{ display: 'inline-block', width: '20px', flex: 'none' }}>
                <Icon source={ClockIcon} tone="subdued" />
              </span>
              <Text as="span" tone="subdued">
                {timeHint(step.minutes)}
              </Text>
            </InlineStack>
          </InlineStack>
        </InlineStack>
        <Text as="p" tone="subdued">
          {description}
        </Text>
        {children ? <Box>{children}</Box> : null}
      </BlockStack>
    </Card>
  );
  return enabled ? (
    card
  ) : (
    <Tooltip content={PREVIOUS_STEPS_TOOLTIP} activatorWrapper="div" preferredPosition="above">
      {/* The tooltip's wrapper is a flex box: keep the card full width. */}
      <div style={{ flex: 1 }}>{card}</div>
    </Tooltip>
  );
}
