import type { Popclip } from '@popstage/core/popclips';
import { Button, Icon, InlineStack, Text } from '@shopify/polaris';
import { ArrowDownIcon, ArrowUpIcon, DragHandleIcon, XIcon } from '@shopify/polaris-icons';
import { type DragEvent, useState } from 'react';
import { moveItem } from './carousel-rules';
import styles from './carousels.module.css';

interface Props {
  clips: readonly Popclip[];
  onChange: (next: Popclip[]) => void;
  /** Absent when the clips are not the merchant's pick (a collection's Popclips). */
  onRemove?: (clip: Popclip) => void;
}

/**
 * The picked clips in carousel order. Drag a row by its handle (HTML5 drag and drop), or use the
 * Move up / Move down buttons from the keyboard; a live region says where the clip went.
 */
export function SortableClipList({ clips, onChange, onRemove }: Props) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number) => {
    const clip = clips[from];
    if (!clip || to < 0 || to >= clips.length) return;
    onChange(moveItem(clips, from, to));
    setAnnouncement(`${clip.metaData.videoTitle} moved to position ${to + 1} of ${clips.length}`);
  };

  const onDragStart = (index: number) => (event: DragEvent) => {
    setDragging(index);
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', String(index));
  };
  const onDragOver = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(index);
  };
  const onDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    const from = dragging ?? Number(event.dataTransfer.getData('text/plain'));
    if (Number.isInteger(from)) move(from, index);
    setDragging(null);
    setOver(null);
  };
  const onDragEnd = () => {
    setDragging(null);
    setOver(null);
  };

  return (
    <>
      <ol className={styles.sortable} aria-label="Carousel order">
        {clips.map((clip, index) => {
          const title = clip.metaData.videoTitle;
          const className = [
            styles.sortableItem,
            dragging === index ? styles.dragging : '',
            over === index && dragging !== index ? styles.dropTarget : '',
          ].join(' ');
          return (
            <li
              key={clip.metaIdentifier}
              className={className}
              draggable
              onDragStart={onDragStart(index)}
              onDragOver={onDragOver(index)}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={onDrop(index)}
              onDragEnd={onDragEnd}
              data-testid="carousel-order-item"
            >
              <span className={styles.handle} aria-hidden>
                <Icon source={DragHandleIcon} tone="subdued" />
              </span>
              <span className={styles.position}>{index + 1}</span>
              {clip.metaData.thumbnailURL ? (
                <img className={styles.thumb} src={clip.metaData.thumbnailURL} alt="" />
              ) : (
                <span className={styles.thumb} />
              )}
              {/* Wraps (at most 3 lines) rather than cut to a few letters on a phone. */}
              <span
                className={styles.sortableTitle}
                title={title}
                data-testid="carousel-order-title"
              >
                <Text as="span" variant="bodyMd" breakWord>
                  {title}
                </Text>
              </span>
              <InlineStack gap="100" wrap={false}>
                <Button
                  icon={ArrowUpIcon}
                  variant="tertiary"
                  accessibilityLabel={`Move ${title} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  icon={ArrowDownIcon}
                  variant="tertiary"
                  accessibilityLabel={`Move ${title} down`}
                  disabled={index === clips.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                {onRemove ? (
                  <Button
                    icon={XIcon}
                    variant="tertiary"
                    accessibilityLabel={`Remove ${title}`}
                    onClick={() => onRemove(clip)}
                  />
                ) : null}
              </InlineStack>
            </li>
          );
        })}
      </ol>
      <span className={styles.visuallyHidden} aria-live="polite">
        {announcement}
      </span>
    </>
  );
}
