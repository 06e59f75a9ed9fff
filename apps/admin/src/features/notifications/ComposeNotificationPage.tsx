import {
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationsContract,
  pickedSchedule,
  scheduleWindow,
  singleQuotes,
  textError,
  timeSlots,
} from '@popstage/core/notifications';
import { ROUTES } from '@popstage/core/routing';
import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { PageShell } from '../../app/shell/PageShell';
import { useApi } from '../../lib/api/ApiContext';
import { ApiError } from '../../lib/api/errors';
import { StatusBanners } from '../mobile';
import { useNotifications, useRefreshNotifications } from './data';
import { type ChosenRoute, RoutePicker } from './RoutePicker';

const SCHEDULE_MESSAGES: string[] = [M.leadTime, M.dateAndTime, M.offGrid, M.outOfRange];

interface Errors {
  title?: string;
  body?: string;
  schedule?: string;
}

/** /mobile/notification (spec 03 §2, §5): compose, optionally route and schedule, then send. */
export function ComposeNotificationPage() {
  const api = useApi();
  const host = useHost();
  const navigate = useNavigate();
  const refresh = useRefreshNotifications();
  const timeZone = useNotifications(null).data?.timeZone ?? 'UTC';
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [route, setRoute] = useState<ChosenRoute>({ kind: 'none', path: null, label: null });
  const [scheduled, setScheduled] = useState(false);
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const now = new Date();
  const window = scheduleWindow(now, timeZone);
  const slots = day ? timeSlots(day, now, timeZone) : [];

  const submit = async () => {
    const picked = scheduled
      ? pickedSchedule({ day: day || null, time: time || null }, new Date(), timeZone)
      : { at: null, error: null };
    const found: Errors = {};
    const titleError = textError(title, NOTIFICATION_TITLE_MAX);
    const bodyError = textError(body, NOTIFICATION_BODY_MAX);
    if (titleError) found.title = titleError;
    if (bodyError) found.body = bodyError;
    if (scheduled && !picked.at && !picked.error) found.schedule = M.dateAndTime;
    if (picked.error) found.schedule = picked.error;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await api.call(notificationsContract.compose, {
        body: {
          type: 'custom',
          title,
          body,
          sentAt: picked.at ? picked.at.toISOString() : null,
          route: route.path,
        },
      });
      host.showToast(picked.at ? M.scheduled : M.sent);
      await refresh();
      navigate(ROUTES.mobileNotificationsBanners);
    } catch (error) {
      // The server checks the time again (the page may have stayed open past it).
      if (error instanceof ApiError && SCHEDULE_MESSAGES.includes(error.message)) {
        setErrors({ schedule: error.message });
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        host.showToast(error.message, { error: true });
      } else host.showToast(M.sendFailed, { error: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <PageShell title={M.compose}>
      <BlockStack gap="400">
        {/* The app request's state, as at the top of every mobile screen (spec 03 §2). */}
        <StatusBanners />
        <Card>
          <BlockStack gap="400">
            <FormLayout>
              <TextField
                label="Title"
                value={title}
                onChange={(value) => {
                  setTitle(singleQuotes(value));
                  setErrors({ ...errors, title: undefined });
                }}
                maxLength={NOTIFICATION_TITLE_MAX}
                showCharacterCount
                autoComplete="off"
                error={errors.title}
                requiredIndicator
              />
              <TextField
                label="Body"
                value={body}
                onChange={(value) => {
                  setBody(singleQuotes(value));
                  setErrors({ ...errors, body: undefined });
                }}
                maxLength={NOTIFICATION_BODY_MAX}
                showCharacterCount
                multiline={3}
                autoComplete="off"
                error={errors.body}
                requiredIndicator
              />
              <RoutePicker value={route} onChange={setRoute} />
              <Checkbox
                label="Schedule for later"
                checked={scheduled}
                onChange={(checked) => {
                  setScheduled(checked);
                  setErrors({ ...errors, schedule: undefined });
                }}
              />
              {scheduled && (
                <BlockStack gap="200">
                  <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
                    <TextField
                      label="Date"
                      type="date"
                      value={day}
                      min={window.first}
                      max={window.last}
                      onChange={(value) => {
                        setDay(value);
                        setTime('');
                      }}
                      autoComplete="off"
                    />
                    <Select
                      label="Time"
                      placeholder="Select a time"
                      options={slots}
                      value={time}
                      onChange={(value) => {
                        setTime(value);
                        setErrors({ ...errors, schedule: undefined });
                      }}
                      disabled={!day}
                      error={errors.schedule}
                    />
                  </InlineGrid>
                  <Text as="p" variant="bodySm" tone="subdued">
                    {`Times are in the store's time zone (${timeZone}).`}
                  </Text>
                </BlockStack>
              )}
            </FormLayout>
            <InlineStack align="end" gap="200">
              <Button onClick={() => navigate(ROUTES.mobileNotificationsBanners)}>Cancel</Button>
              <Button variant="primary" loading={sending} onClick={() => void submit()}>
                {scheduled ? 'Schedule notification' : 'Send notification'}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </BlockStack>
    </PageShell>
  );
}
