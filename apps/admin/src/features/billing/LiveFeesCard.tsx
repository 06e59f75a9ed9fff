import { LIVE_FEE_TEXT, type LiveFeeRow, liveFeeBalanceText } from '@popstage/core/billing';
import { formatCurrency } from '@popstage/core/format';
import { Badge, BlockStack, Card, DataTable, Text } from '@shopify/polaris';
import { useLiveFees } from './data';

const TONE = { pending: 'attention', charged: 'success', not_billable: undefined } as const;

/**
 * The live success fees the shop was billed (issue 32): each order credited to a live show or its
 * replay, its fee and whether Shopify charged it, and the usage charge's balance of its cap. Shown
 * only to a shop with live selling on its plan or with fees recorded.
 */
export function LiveFeesCard() {
  const fees = useLiveFees();
  const data = fees.data;
  if (!data || (data.cappedAmount === null && data.fees.length === 0)) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {LIVE_FEE_TEXT.title}
        </Text>
        <Text as="p" tone="subdued">
          {LIVE_FEE_TEXT.intro}
        </Text>
        {data.cappedAmount && data.balanceUsed ? (
          <Text as="p">
            {liveFeeBalanceText(
              formatCurrency(data.balanceUsed.amount, data.balanceUsed.currencyCode),
              formatCurrency(data.cappedAmount.amount, data.cappedAmount.currencyCode),
            )}
          </Text>
        ) : null}
        {data.fees.length === 0 ? (
          <Text as="p">{LIVE_FEE_TEXT.empty}</Text>
        ) : (
          <DataTable
            columnContentTypes={['text', 'text', 'numeric', 'numeric', 'text', 'text']}
            headings={[...LIVE_FEE_TEXT.columns]}
            rows={data.fees.map(row)}
          />
        )}
      </BlockStack>
    </Card>
  );
}

function row(fee: LiveFeeRow) {
  const reason = fee.reason ? LIVE_FEE_TEXT.reasons[fee.reason] : undefined;
  return [
    fee.orderName,
    fee.showId,
    formatCurrency(fee.revenue.amount, fee.revenue.currencyCode),
    formatCurrency(fee.fee.amount, fee.fee.currencyCode),
    <BlockStack key="status" gap="100">
      <Badge tone={TONE[fee.status]}>{LIVE_FEE_TEXT.status[fee.status]}</Badge>
      {reason ? (
        <Text as="span" variant="bodySm" tone="subdued">
          {reason}
        </Text>
      ) : null}
    </BlockStack>,
    fee.chargedAt ? fee.chargedAt.slice(0, 10) : '—',
  ];
}
