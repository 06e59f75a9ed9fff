import { BlockStack, Button, Collapsible, InlineStack } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { TitledCard } from '../../../lib/ui/TitledCard';

interface Props {
  id: string;
  step: number;
  title: string;
  open: boolean;
  onToggle(): void;
  /** Absent on the last card and once the form is read-only. */
  onNext?: () => void;
  children: ReactNode;
}

/** One collapsible card of the Setup tab; only one is open at a time (the page decides). */
export function SetupCardFrame({ id, step, title, open, onToggle, onNext, children }: Props) {
  return (
    <TitledCard
      title={
        <>
          {step}. {title}
        </>
      }
      aside={
        <Button
          variant="plain"
          onClick={onToggle}
          ariaExpanded={open}
          ariaControls={`${id}-content`}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      }
    >
      <Collapsible id={`${id}-content`} open={open}>
        <BlockStack gap="300">
          {children}
          {onNext ? (
            <InlineStack align="end">
              <Button onClick={onNext}>Next</Button>
            </InlineStack>
          ) : null}
        </BlockStack>
      </Collapsible>
    </TitledCard>
  );
}
