import { BlockStack, Button, InlineStack, Modal, ProgressBar, Text } from '@shopify/polaris';
import { useState } from 'react';
import { StepIcon } from './StepIcon';
import { type StepState, timeHint } from './wizard-steps';

interface Props {
  percentage: number;
  states: StepState[];
}

/**
 * The progress popup of spec 01 §2.11: the same steps, done or not. A Modal rather than a
 * Popover: the list is long for a popover on narrow screens, and it reads the same in Shopify.
 */
export function ProgressModal({ percentage, states }: Props) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{`Setup progress: ${percentage}%`}</Button>
      <Modal open={open} onClose={close} title="Setup progress">
        <Modal.Section>
          <BlockStack gap="400">
            <ProgressBar progress={percentage} tone="success" size="small" />
            <BlockStack gap="300" as="ul">
              {states.map(({ step, done, skipped }, index) => (
                <InlineStack key={step.event} as="li" gap="200" blockAlign="center" wrap={false}>
                  <StepIcon done={done} skipped={skipped} number={index + 1} muted />
                  <Text as="span" tone={done ? 'subdued' : undefined}>
                    {step.title}
                  </Text>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {timeHint(step.minutes)}
                  </Text>
                </InlineStack>
              ))}
            </BlockStack>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </>
  );
}
