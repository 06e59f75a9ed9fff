import { Icon, Text } from '@shopify/polaris';
import { CheckCircleIcon } from '@shopify/polaris-icons';

/**
 * A check for a done step, else its number. The icon sits in a fixed box: Polaris icons centre
 * themselves with auto margins, which spreads a flex row apart.
 */
export function StepIcon({
  done,
  skipped = false,
  number,
  muted,
}: {
  done: boolean;
  skipped?: boolean;
  number: number;
  muted: boolean;
}) {
  if (!done) {
    return (
      <Text as="span" variant="headingSm" tone={muted ? 'subdued' : undefined}>
        {`${number}.`}
      </Text>
    );
  }
  return (
    <span style={{ display: 'inline-block', width: '20px', flex: 'none' }}>
      <Icon
        source={CheckCircleIcon}
        tone="success"
        accessibilityLabel={skipped ? 'Skipped' : 'Completed'}
      />
    </span>
  );
}
