import { isZeroAmount, planDisplayName } from '@popstage/core/billing';
import { formatCurrency, formatMonthlyPrice } from '@popstage/core/format';
import type { FeatureId, Money, SubscriptionLineItem } from '@popstage/core/shop';
import { BlockStack, Divider, InlineStack, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { readLineItems } from './line-items';

interface Props {
  lineItems: readonly SubscriptionLineItem[];
  featureNames: Partial<Record<FeatureId, string>>;
  subtotal?: Money | null;
  discount?: Money | null;
  total?: Money | null;
}

/** The add-on lines of a draft or subscription, then subtotal, discount and total. */
export function LineItemsSummary({ lineItems, featureNames, subtotal, discount, total }: Props) {
  const read = readLineItems(lineItems);
  const currency = total?.currencyCode ?? subtotal?.currencyCode ?? 'USD';
  const code = read.discount?.code;
  return (
    <BlockStack gap="200">
      {read.addons.map((line) => (
        <Row
          key={line.id}
          label={`${featureNames[line.featureId] ?? line.featureId}: ${planDisplayName(line.name)}`}
        >
          {formatMonthlyPrice(line.chargedAmount, currency)}
        </Row>
      ))}
      {subtotal || total ? <Divider /> : null}
      {subtotal ? <Row label="Subtotal">{formatCurrency(subtotal.amount, currency)}</Row> : null}
      {discount && !isZeroAmount(discount.amount) ? (
        <Row label={code ? `Discount (${code})` : 'Discount'}>
          −{formatCurrency(discount.amount, currency)}
        </Row>
      ) : null}
      {total ? (
        <Row label="Total" strong>
          {`${formatCurrency(total.amount, currency)}/month`}
        </Row>
      ) : null}
    </BlockStack>
  );
}

function Row({
  label,
  strong,
  children,
}: {
  label: string;
  strong?: boolean;
  children: ReactNode;
}) {
  const weight = strong ? 'semibold' : 'regular';
  return (
    <InlineStack align="space-between" gap="400" wrap={false}>
      <Text as="span" fontWeight={weight}>
        {label}
      </Text>
      <Text as="span" fontWeight={weight}>
        {children}
      </Text>
    </InlineStack>
  );
}
