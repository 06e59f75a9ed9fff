import { formatDate } from '@popstage/core/format';
import {
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import { useState } from 'react';
import { useApi } from '../../lib/api/ApiContext';
import { downloadDataRequest, useDataRequests } from './data';

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * When a customer asks a store for their data, Shopify asks Popstage too: this card lists those
 * requests with what Popstage holds, for the merchant to download and send on. Nothing shows
 * while there are none.
 */
export function CustomerDataRequestsCard() {
  const api = useApi();
  const requests = useDataRequests();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { smDown } = useBreakpoints();
  const rows = requests.data ?? [];
  if (rows.length === 0) return null;

  const download = async (id: string, name: string) => {
    setDownloading(id);
    setFailed(false);
    try {
      await downloadDataRequest(api, id, name);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card padding="0">
      <Box padding="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Customer data requests
          </Text>
          <Text as="p" tone="subdued">
            What Popstage holds about customers who asked your store for their data. Download it and
            include it in your reply. Each export is kept for 90 days.
          </Text>
          {failed && (
            <Text as="p" tone="critical">
              The export could not be downloaded. Please try again.
            </Text>
          )}
        </BlockStack>
      </Box>
      <IndexTable
        resourceName={{ singular: 'request', plural: 'requests' }}
        itemCount={rows.length}
        selectable={false}
        condensed={smDown}
        headings={[
          { title: 'Received' },
          { title: 'Customer' },
          { title: 'Orders found' },
          { title: 'Storefront activity' },
          { title: 'Export' },
        ]}
      >
        {rows.map((row, index) => {
          const fileName = `popstage-customer-data-${row.dataRequestId ?? row.id}.json`;
          const button = (
            <Button
              size="slim"
              loading={downloading === row.id}
              onClick={() => void download(row.id, fileName)}
              accessibilityLabel={`Download the data of request ${row.dataRequestId ?? row.id}`}
            >
              Download
            </Button>
          );
          const found = `${row.orders} of ${row.ordersRequested}`;
          const activity = `${counted(row.events, 'event')}, ${counted(row.likes, 'like')}`;
          return (
            <IndexTable.Row id={row.id} key={row.id} position={index}>
              {smDown ? (
                // Phones: one cell per request, as Polaris's condensed tables do.
                <Box padding="300">
                  <InlineStack align="space-between" blockAlign="center" gap="200">
                    <BlockStack gap="050">
                      <Text as="span" fontWeight="semibold">
                        {formatDate(row.receivedAt)}
                      </Text>
                      <Text as="span" tone="subdued">
                        Orders found {found} · {activity}
                      </Text>
                    </BlockStack>
                    {button}
                  </InlineStack>
                </Box>
              ) : (
                <>
                  <IndexTable.Cell>{formatDate(row.receivedAt)}</IndexTable.Cell>
                  <IndexTable.Cell>{row.customerId ?? 'Unknown'}</IndexTable.Cell>
                  <IndexTable.Cell>{found}</IndexTable.Cell>
                  <IndexTable.Cell>{activity}</IndexTable.Cell>
                  <IndexTable.Cell>{button}</IndexTable.Cell>
                </>
              )}
            </IndexTable.Row>
          );
        })}
      </IndexTable>
    </Card>
  );
}
