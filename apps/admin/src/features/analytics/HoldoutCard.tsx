import { HOLDOUT_PERCENTS, type HoldoutAnswer, minorUnitsToAmount } from '@popstage/core/analytics';
import { formatDate } from '@popstage/core/format';
import { BlockStack, Box, InlineGrid, Select, Text } from '@shopify/polaris';
import { useHost } from '../../app/host/HostContext';
import { TitledCard } from '../../lib/ui/TitledCard';
import { useHoldout, useSetHoldout } from './data';
import { formatCount, formatMoney } from './format';

const OPTIONS = HOLDOUT_PERCENTS.map((percent) => ({
  label: percent === 0 ? 'Off' : `${percent}% of visitors`,
  value: String(percent),
}));

/**
 * An incrementality test: a share of visitors does not see Popclips, and the difference in what
 * each visitor of the two groups spends is the revenue Popclips adds, with its 95 % range.
 */
export function HoldoutCard() {
  const host = useHost();
  const holdout = useHoldout();
  const save = useSetHoldout();
  const answer = holdout.data;

  const change = (value: string) =>
    save.mutate(
      { body: { percent: Number(value) } },
      {
        onSuccess: (next) =>
          host.showToast(next.percent === 0 ? 'Holdout test stopped' : 'Holdout test started'),
        onError: (error) => host.showToast(error.message, { error: true }),
      },
    );

  return (
    <TitledCard title="Holdout test">
      <Text as="p" tone="subdued">
        Hide Popclips from a share of your visitors and compare what each visitor spends. The
        difference is the revenue Popclips adds. Changing the share starts a new test.
      </Text>
      <Box maxWidth="320px">
        <Select
          label="Visitors who don't see Popclips"
          options={OPTIONS}
          value={String(answer?.percent ?? 0)}
          onChange={change}
          disabled={!answer || save.isPending}
        />
      </Box>
      {answer && answer.percent > 0 ? <HoldoutResult answer={answer} /> : null}
    </TitledCard>
  );
}

function HoldoutResult({ answer }: { answer: HoldoutAnswer }) {
  const money = (minor: number) =>
    formatMoney(minorUnitsToAmount(Math.round(minor), answer.currency), answer.currency);
  const since = answer.startedAt ? `Running since ${formatDate(answer.startedAt)}.` : '';
  const { estimate, exposed, holdout } = answer;
  if (!estimate) {
    return (
      <Text as="p">
        {since} Not enough data yet: {formatCount(exposed.visitors)} visitors saw Popclips and{' '}
        {formatCount(holdout.visitors)} did not, with {formatCount(exposed.orders + holdout.orders)}{' '}
        orders between them. Results appear once each group has 200 visitors and there are 10
        orders.
      </Text>
    );
  }
  return (
    <BlockStack gap="200">
      <Text as="p" variant="headingLg">
        {money(estimate.incrementalPerVisitor)} per visitor
      </Text>
      <Text as="p" tone="subdued">
        Added by Popclips, 95% range {money(estimate.low)} to {money(estimate.high)}. {since}
      </Text>
      <InlineGrid columns={2} gap="200">
        <Group
          title="Saw Popclips"
          visitors={exposed.visitors}
          perVisitor={money(estimate.exposedPerVisitor)}
        />
        <Group
          title="Held out"
          visitors={holdout.visitors}
          perVisitor={money(estimate.holdoutPerVisitor)}
        />
      </InlineGrid>
    </BlockStack>
  );
}

function Group(props: { title: string; visitors: number; perVisitor: string }) {
  return (
    <Box background="bg-surface-secondary" padding="300" borderRadius="200">
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {props.title}
        </Text>
        <Text as="p">{formatCount(props.visitors)} visitors</Text>
        <Text as="p">{props.perVisitor} per visitor</Text>
      </BlockStack>
    </Box>
  );
}
