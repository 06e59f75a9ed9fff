import {
  NOTIFICATION_MESSAGES as M,
  notificationsContract,
  type ScheduledNotification,
} from '@popstage/core/notifications';
import { ROUTES } from '@popstage/core/routing';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Pagination,
  ResourceItem,
  ResourceList,
  Text,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { useApi } from '../../lib/api/ApiContext';
import { useNotifications, useRefreshNotifications } from './data';
import { formatDateTime } from './format';

const TONE = { pending: 'attention', sent: 'success', failed: 'critical' } as const;
const LABEL = { pending: 'Pending', sent: 'Sent', failed: 'Failed' } as const;

/** The notifications tab's list (spec 03 §2): 10 a page, status, results, delete unless sent. */
export function NotificationsList() {
  const api = useApi();
  const host = useHost();
  const navigate = useNavigate();
  const refresh = useRefreshNotifications();
  const [cursor, setCursor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const list = useNotifications(cursor);

  useEffect(() => {
    if (list.isError) host.showToast(M.listFailed, { error: true });
  }, [list.isError, host]);

  const remove = async (id: string) => {
    setDeleting(id);
    try {
      await api.call(notificationsContract.remove, { params: { id } });
      host.showToast(M.deleted);
      await refresh();
    } catch {
      host.showToast(M.deleteFailed, { error: true });
    } finally {
      setDeleting(null);
    }
  };

  const page = list.data;
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <div style={{ padding: 'var(--p-space-400)' }}>
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Text as="h2" variant="headingMd">
              Scheduled notifications
            </Text>
            <Button variant="primary" onClick={() => navigate(ROUTES.mobileNotification)}>
              {M.compose}
            </Button>
          </InlineStack>
        </div>
        <ResourceList
          resourceName={{ singular: 'notification', plural: 'notifications' }}
          items={page?.items ?? []}
          loading={list.isLoading}
          emptyState={
            list.isError ? (
              <EmptyState heading={M.listFailed} image="">
                <Button onClick={() => void list.refetch()}>Try again</Button>
              </EmptyState>
            ) : (
              <EmptyState heading="No Results" image="">
                <p>Compose a push notification to reach your app users.</p>
              </EmptyState>
            )
          }
          renderItem={(item) => (
            <NotificationRow
              item={item}
              timeZone={page?.timeZone ?? 'UTC'}
              deleting={deleting === item.id}
              onDelete={() => void remove(item.id)}
            />
          )}
        />
        {page && (page.hasPreviousPage || page.hasNextPage) && (
          <div style={{ padding: 'var(--p-space-300)', display: 'flex', justifyContent: 'center' }}>
            <Pagination
              hasPrevious={page.hasPreviousPage}
              hasNext={page.hasNextPage}
              onPrevious={() => setCursor(page.cursor.previous)}
              onNext={() => setCursor(page.cursor.next)}
            />
          </div>
        )}
      </BlockStack>
    </Card>
  );
}

function NotificationRow(props: {
  item: ScheduledNotification;
  timeZone: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { item, timeZone } = props;
  const { results } = item;
  const when =
    item.status === 'sent' && item.sentAt
      ? `Sent ${formatDateTime(item.sentAt, timeZone)}`
      : `${item.status === 'pending' ? 'Scheduled for' : 'Was scheduled for'} ${formatDateTime(item.scheduledAt, timeZone)}`;
  return (
    <ResourceItem id={item.id} onClick={() => {}} accessibilityLabel={item.title}>
      <div data-notification={item.id}>
        <BlockStack gap="150">
          <InlineStack align="space-between" blockAlign="start" gap="200" wrap={false}>
            <BlockStack gap="050">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h3" variant="bodyMd" fontWeight="semibold">
                  {item.title}
                </Text>
                <Badge tone={TONE[item.status]}>{LABEL[item.status]}</Badge>
              </InlineStack>
              <Text as="p" tone="subdued">
                {item.body}
              </Text>
            </BlockStack>
            {item.status !== 'sent' && (
              <Button
                tone="critical"
                variant="plain"
                loading={props.deleting}
                onClick={props.onDelete}
                accessibilityLabel={`Delete ${item.title}`}
              >
                Delete
              </Button>
            )}
          </InlineStack>
          <Text as="p" variant="bodySm" tone="subdued">
            {when}
            {item.route ? ` · Opens ${item.route}` : ''}
          </Text>
          {item.status !== 'pending' && (
            <Text as="p" variant="bodySm">
              {`${results.targeted} targeted · ${results.delivered} delivered · ${results.failed} failed · ${results.opened} opened`}
              {` (iOS ${results.ios.delivered}/${results.ios.targeted}, Android ${results.android.delivered}/${results.android.targeted})`}
            </Text>
          )}
          {item.failureReason && (
            <Text as="p" variant="bodySm" tone="critical">
              {item.failureReason}
            </Text>
          )}
        </BlockStack>
      </div>
    </ResourceItem>
  );
}
