import { isZeroAmount, planDisplayName, subscriptionName } from '@popstage/core/billing';
import { formatCurrency, formatDate, formatMonthlyPrice } from '@popstage/core/format';
import type { FeatureId, Subscription } from '@popstage/core/shop';
import { Card, DescriptionList, Text } from '@shopify/polaris';
import { TitledCard } from '../../lib/ui/TitledCard';
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
    // Named by its add-ons: the bundle's name ('Flexible 2025') is internal.
    { term: 'Plan', description: subscriptionName(read.addons) || 'Free' },
    ...read.addons.map((line) => ({
      term: featureNames[line.featureId] ?? line.featureId,
      description: addonDescription(planDisplayName(line.name), line.chargedAmount, currency),
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
    <TitledCard title="Current plan" gap="200">
      <DescriptionList items={items} gap="tight" />
    </TitledCard>
  );
}

/** 'Basic · $29.99/month'; a free plan is just 'Free', never 'Free · Free'. */
function addonDescription(name: string, amount: string, currency: string): string {
  const price = formatMonthlyPrice(amount, currency);
  return price === name ? name : `${name} · ${price}`;
}
