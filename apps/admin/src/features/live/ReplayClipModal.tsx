import { LIVE_MESSAGES, type LiveShowWire, REPLAY_SEGMENT_SECONDS } from '@popstage/core/live';
import { ROUTES } from '@popstage/core/routing';
import { FormLayout, Modal, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { ApiError } from '../../lib/api/errors';
import { useReplayToPopclip } from './data';
import { formatDuration } from './ShowsCard';

interface Props {
  show: LiveShowWire;
  onClose(): void;
}

/** Pick the part of a replay (in seconds) that becomes a Popclip, tagged with the show's products. */
export function ReplayClipModal({ show, onClose }: Props) {
  const host = useHost();
  const navigate = useNavigate();
  const create = useReplayToPopclip();
  const duration = show.replay?.durationSeconds ?? 0;
  const [title, setTitle] = useState(show.title);
  const [start, setStart] = useState('0');
  const [end, setEnd] = useState(String(Math.min(duration, 30)));
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const startSeconds = Number(start);
    const endSeconds = Number(end);
    const length = endSeconds - startSeconds;
    if (
      !Number.isFinite(length) ||
      startSeconds < 0 ||
      endSeconds > duration ||
      length < REPLAY_SEGMENT_SECONDS.min ||
      length > REPLAY_SEGMENT_SECONDS.max
    ) {
      setError(LIVE_MESSAGES.segment);
      return;
    }
    create.mutate(
      {
        params: { showId: show.id },
        body: { title: title.trim() || show.title, startSeconds, endSeconds },
      },
      {
        onSuccess: () => {
          host.showToast(LIVE_MESSAGES.clipQueued);
          onClose();
          navigate(ROUTES.popclipsList);
        },
        onError: (caught) =>
          setError(caught instanceof ApiError ? caught.message : 'Could not create the Popclip.'),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Create a Popclip from “${show.title}”`}
      primaryAction={{ content: 'Create Popclip', onAction: submit, loading: create.isPending }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <Text as="p" tone="subdued">
            {`The replay is ${formatDuration(duration)} long. The Popclip is tagged with the show's products.`}
          </Text>
          <TextField
            label="Popclip title"
            value={title}
            onChange={setTitle}
            autoComplete="off"
            maxLength={255}
          />
          <FormLayout.Group condensed>
            <TextField
              label="From (seconds)"
              type="number"
              min={0}
              value={start}
              onChange={setStart}
              autoComplete="off"
            />
            <TextField
              label="To (seconds)"
              type="number"
              min={0}
              value={end}
              onChange={setEnd}
              autoComplete="off"
            />
          </FormLayout.Group>
          {error ? (
            <Text as="p" tone="critical">
              {error}
            </Text>
          ) : null}
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
