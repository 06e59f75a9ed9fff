import { isZeroAmount, planDisplayName } from '@popstage/core/billing';
import { formatCurrency, formatDate, formatMonthlyPrice } from '@popstage/core/format';
import type { FeatureId, Subscription } from '@popstage/core/shop';
import { BlockStack, Card, DescriptionList, Text } from '@shopify/polaris';
import { readLineItems } from './line-items';
import { nextBillingDate } from './plan-details';

interface Props {
  subscription: Subscription | null;
  featureNames: Partial<Record<FeatureId, string>>;
}

/** The Subscription page's current plan: name, add-ons, total, discount and next billing. */
export function CurrentPlanCard({ subscription, featureNames }: Props) {
  if (!subscription) {
    return (
      <Card>
        <Text as="p">You have no active plan.</Text>
      </Card>
    );
  }
  const read = readLineItems(subscription.lineItems);
  const currency = subscription.subscriptionTotal.currencyCode;
  const discount = subscription.subscriptionDiscount;
  const next = subscription.isStubSubscription ? null : nextBillingDate(subscription.activatedAt);
  const items = [
    { term: 'Plan', description: planDisplayName(read.plan?.name ?? subscription.planId) },
    ...read.addons.map((line) => ({
      term: featureNames[line.featureId] ?? line.featureId,
      description: `${planDisplayName(line.name)} · ${formatMonthlyPrice(line.chargedAmount, currency)}`,
    })),
    ...(discount && !isZeroAmount(discount.amount)
      ? [
          {
            term: 'Discount',
            description: `−${formatCurrency(discount.amount, currency)}${read.discount?.code ? ` (${read.discount.code})` : ''}`,
          },
        ]
      : []),
    {
      term: 'Total',
      description: `${formatCurrency(subscription.subscriptionTotal.amount, currency)}/month`,
    },
    { term: 'Next billing', description: next ? formatDate(next) : 'Not billed' },
  ];
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Current plan
        </Text>
        <DescriptionList items={items} gap="tight" />
      </BlockStack>
    </Card>
  );
}
