import { INSIGHTS_TEXT } from '@popstage/core/analytics';
import {
  Box,
  Button,
  Card,
  DataTable,
  type DataTableProps,
  InlineStack,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { useTrack } from './use-track';

/** What every Insights table shares: its card with CSV export, empty and loading states. */

export const deltaTone = (delta: number | null) =>
  delta === null || delta === 0 ? 'subdued' : delta > 0 ? 'success' : 'critical';

export function TableCard(props: {
  title: string;
  onExport?: () => void;
  exporting?: boolean;
  children: React.ReactNode;
  footer?: React.ReactNode;
  toolbar?: React.ReactNode;
}) {
  const track = useTrack();
  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {props.title}
          </Text>
          {props.onExport ? (
            <Button
              onClick={() => {
                track({
                  action: 'export_csv',
                  category: 'insights',
                  cta: { label: 'Export CSV', target: props.title },
                });
                props.onExport?.();
              }}
              loading={props.exporting}
              size="slim"
            >
              Export CSV
            </Button>
          ) : null}
        </InlineStack>
        {props.toolbar ? <Box paddingBlockStart="200">{props.toolbar}</Box> : null}
      </Box>
      {props.children}
      {props.footer ? (
        <Box padding="300">
          <InlineStack align="center">{props.footer}</InlineStack>
        </Box>
      ) : null}
    </Card>
  );
}

function Empty() {
  return (
    <Box padding="400">
      <Text as="p" tone="subdued" alignment="center">
        {INSIGHTS_TEXT.noData}
      </Text>
    </Box>
  );
}

function Loading() {
  return (
    <Box padding="400">
      <SkeletonBodyText lines={5} />
    </Box>
  );
}

/** A table's place in its card: loading, no data, or the table. */
export function TableBody({
  loading,
  empty,
  ...table
}: DataTableProps & { loading: boolean; empty: boolean }) {
  if (loading) return <Loading />;
  if (empty) return <Empty />;
  return <DataTable {...table} />;
}

export const pct = (value: number) => `${value}%`;

/** 'Nov 23' from '2026-11-23' (a calendar day: no time zone shift). */
export const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
