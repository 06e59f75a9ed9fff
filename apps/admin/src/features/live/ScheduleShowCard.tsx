import { LIVE_MESSAGES, LIVE_SHOW_PRODUCTS_MAX, LIVE_TITLE_MAX } from '@popstage/core/live';
import { Button, ChoiceList, FormLayout, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { ApiError } from '../../lib/api/errors';
import { TitledCard } from '../../lib/ui/TitledCard';
import { useFirstProducts } from '../catalogue';
import { useScheduleShow } from './data';

interface Props {
  eventsThisMonth: number;
  /** -1: unlimited. */
  eventsPerMonth: number;
}

/** Schedule a show: title, local date and time, up to 5 products shown on air. */
export function ScheduleShowCard({ eventsThisMonth, eventsPerMonth }: Props) {
  const host = useHost();
  const schedule = useScheduleShow();
  const products = useFirstProducts();
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [productIds, setProductIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const startsAt = new Date(`${date}T${time}`);
    if (!title.trim() || !date || !time || Number.isNaN(startsAt.getTime())) {
      setError('Enter a title, a date and a time.');
      return;
    }
    setError(null);
    schedule.mutate(
      { body: { title: title.trim(), startsAt: startsAt.toISOString(), productIds } },
      {
        onSuccess: () => {
          host.showToast(LIVE_MESSAGES.scheduled);
          setTitle('');
          setDate('');
          setTime('');
          setProductIds([]);
        },
        onError: (caught) =>
          setError(caught instanceof ApiError ? caught.message : 'Could not schedule the show.'),
      },
    );
  };

  return (
    <TitledCard
      title="Schedule a live show"
      gap="400"
      aside={
        <Text as="p" tone="subdued">
          {eventsPerMonth === -1
            ? 'Unlimited live shows a month'
            : `${eventsThisMonth} of ${eventsPerMonth} live shows this month`}
        </Text>
      }
    >
      <FormLayout>
        <TextField
          label="Show title"
          value={title}
          onChange={setTitle}
          maxLength={LIVE_TITLE_MAX}
          autoComplete="off"
        />
        <FormLayout.Group condensed>
          <TextField label="Date" type="date" value={date} onChange={setDate} autoComplete="off" />
          <TextField
            label="Start time"
            type="time"
            value={time}
            onChange={setTime}
            autoComplete="off"
          />
        </FormLayout.Group>
        <ChoiceList
          allowMultiple
          title={`Products to show (up to ${LIVE_SHOW_PRODUCTS_MAX})`}
          choices={(products.data?.data ?? []).map((product) => ({
            label: product.title,
            value: product.id,
            disabled:
              productIds.length >= LIVE_SHOW_PRODUCTS_MAX && !productIds.includes(product.id),
          }))}
          selected={productIds}
          onChange={setProductIds}
        />
        {error ? (
          <Text as="p" tone="critical">
            {error}
          </Text>
        ) : null}
        <Button variant="primary" onClick={submit} loading={schedule.isPending}>
          Schedule show
        </Button>
      </FormLayout>
    </TitledCard>
  );
}
