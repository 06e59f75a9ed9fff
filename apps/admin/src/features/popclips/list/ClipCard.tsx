import { formatCount } from '@popstage/core/format';
import {
  POPCLIP_LABELS,
  type Popclip,
  popclipStatusLabel,
  truncateClipTitle,
} from '@popstage/core/popclips';
import { popclipEditPath } from '@popstage/core/routing';
import { Badge, BlockStack, Box, Button, Card, InlineStack, Spinner, Text } from '@shopify/polaris';
import { DeleteIcon, ShareIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styles from './clip-card.module.css';

interface Props {
  clip: Popclip;
  /** Free level: the storefront player shows the 'Powered by' watermark (spec 02 §2, §6). */
  watermark: boolean;
  onDelete: (clip: Popclip) => void;
  /** Opens the share modal; absent hides the button. */
  onShare?: (clip: Popclip) => void;
}

/** One clip of the list grid: poster (animated preview on hover), title, status, counts. */
export function ClipCard({ clip, watermark, onDelete, onShare }: Props) {
  const [hovered, setHovered] = useState(false);
  const title = clip.metaData.videoTitle;
  const poster = clip.metaData.thumbnailURL;
  const preview = hovered && clip.metaData.gifURL ? clip.metaData.gifURL : poster;
  const failed = clip.status === 'failed';
  const interrupted = clip.status === 'interrupted';
  const editPath = popclipEditPath(clip.metaIdentifier);
  const statusLabel = popclipStatusLabel(clip.status);

  return (
    <Card padding="0">
      {/* The poster opens the clip too; the Edit button is the keyboard path. */}
      <Link
        to={editPath}
        className={styles.poster}
        tabIndex={-1}
        aria-hidden
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {preview ? (
          <img className={styles.image} src={preview} alt="" loading="lazy" />
        ) : failed || interrupted ? null : (
          <div className={styles.placeholder}>
            <Spinner size="small" accessibilityLabel={POPCLIP_LABELS.processing} />
          </div>
        )}
        {/* The watermark marks a playable clip, as the storefront shows it: not an empty tile. */}
        {watermark && !failed && !interrupted ? (
          <span className={styles.watermark}>{`${POPCLIP_LABELS.poweredBy} Popstage`}</span>
        ) : null}
      </Link>
      <Box padding="300">
        <BlockStack gap="200">
          <span title={title}>
            <Text as="h3" variant="headingSm" breakWord>
              {truncateClipTitle(title)}
            </Text>
          </span>
          {statusLabel || clip.metaData.featured ? (
            <InlineStack gap="100">
              {clip.metaData.featured ? <Badge tone="success">Featured</Badge> : null}
              {statusLabel ? (
                <Badge
                  tone={interrupted ? 'warning' : 'info'}
                  progress={interrupted ? undefined : 'incomplete'}
                >
                  {statusLabel}
                </Badge>
              ) : null}
            </InlineStack>
          ) : null}
          {failed ? (
            <BlockStack gap="100">
              <InlineStack>
                <Badge tone="critical">Failed</Badge>
              </InlineStack>
              <Text as="p" tone="critical" variant="bodySm">
                {clip.failureReason ?? ''}
              </Text>
            </BlockStack>
          ) : null}
          <ClipCounts clip={clip} />
          <InlineStack gap="200" align="space-between" blockAlign="center">
            {failed || interrupted ? (
              // The way to retry: Edit takes a new video for the clip.
              <Button url={editPath} accessibilityLabel={`Upload ${title} again`}>
                Upload again
              </Button>
            ) : (
              <Button url={editPath} accessibilityLabel={`Edit ${title}`}>
                Edit
              </Button>
            )}
            <InlineStack gap="100" wrap={false}>
              {onShare && !failed && !interrupted ? (
                <Button
                  icon={ShareIcon}
                  variant="tertiary"
                  accessibilityLabel={`Share ${title}`}
                  onClick={() => onShare(clip)}
                />
              ) : null}
              <Button
                icon={DeleteIcon}
                tone="critical"
                variant="tertiary"
                accessibilityLabel={`Delete ${title}`}
                onClick={() => onDelete(clip)}
              />
            </InlineStack>
          </InlineStack>
        </BlockStack>
      </Box>
    </Card>
  );
}

/** Views from basic, likes from premium: the server says which (showViews, showLikes). */
function ClipCounts({ clip }: { clip: Popclip }) {
  if (!clip.showViews && !clip.showLikes) return null;
  return (
    <InlineStack gap="300">
      {clip.showViews ? (
        <Text as="span" tone="subdued" variant="bodySm">
          {formatCount(clip.clipViews, 'view')}
        </Text>
      ) : null}
      {clip.showLikes ? (
        <Text as="span" tone="subdued" variant="bodySm">
          {formatCount(clip.clipLikes, 'like')}
        </Text>
      ) : null}
    </InlineStack>
  );
}
