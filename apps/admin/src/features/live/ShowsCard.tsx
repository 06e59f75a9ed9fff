import type { LiveShowWire } from '@popstage/core/live';
import { Badge, BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { TitledCard } from '../../lib/ui/TitledCard';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function UpcomingShowsCard({ shows }: { shows: LiveShowWire[] }) {
  return (
    <TitledCard title="Upcoming shows">
      {shows.length === 0 ? (
        <Text as="p" tone="subdued">
          No shows scheduled.
        </Text>
      ) : (
        <ul aria-label="Upcoming shows" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {shows.map((show) => (
            <li key={show.id} style={{ padding: '6px 0' }}>
              <InlineStack gap="200" blockAlign="center" wrap>
                <Text as="span" fontWeight="semibold">
                  {show.title}
                </Text>
                <Text as="span" tone="subdued">
                  {when.format(new Date(show.startsAt))}
                </Text>
                {show.status === 'live' ? (
                  <Badge tone="critical">Live</Badge>
                ) : (
                  <Badge>Scheduled</Badge>
                )}
              </InlineStack>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

interface ReplaysProps {
  replays: LiveShowWire[];
  onCreatePopclip(show: LiveShowWire): void;
}

/** Replays are kept 3 months; each can give a Popclip. */
export function ReplaysCard({ replays, onCreatePopclip }: ReplaysProps) {
  return (
    <TitledCard title="Replays">
      {replays.length === 0 ? (
        <Text as="p" tone="subdued">
          Shows you end appear here as replays, kept for 3 months.
        </Text>
      ) : (
        <ul aria-label="Replays" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {replays.map((show) =>
            show.replay ? (
              <li key={show.id} style={{ padding: '6px 0' }}>
                <InlineStack gap="300" align="space-between" blockAlign="center" wrap>
                  <BlockStack gap="050">
                    <Text as="span" fontWeight="semibold">
                      {show.title}
                    </Text>
                    <Text as="span" tone="subdued">
                      {`${day.format(new Date(show.endedAt ?? show.startsAt))} · ${formatDuration(show.replay.durationSeconds)} · kept until ${day.format(new Date(show.replay.expiresAt))}`}
                    </Text>
                  </BlockStack>
                  <Button
                    onClick={() => onCreatePopclip(show)}
                    accessibilityLabel={`Create Popclip from ${show.title}`}
                  >
                    Create Popclip
                  </Button>
                </InlineStack>
              </li>
            ) : null,
          )}
        </ul>
      )}
    </TitledCard>
  );
}

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
