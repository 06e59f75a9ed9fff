import { POPCLIP_EMPTY_MESSAGES, type Popclip } from '@popstage/core/popclips';
import { BlockStack, Button, InlineStack, Spinner, Text } from '@shopify/polaris';
import { useMemo } from 'react';
import { useShop } from '../../app/shop/ShopContext';
import { useClipsList } from '../popclips';
import styles from './carousels.module.css';

interface Props {
  picked: readonly Popclip[];
  onToggle: (clip: Popclip) => void;
}

/** The shop's clips as tiles; a tile's checkbox adds the clip to the end of the carousel. */
export function ClipPicker({ picked, onToggle }: Props) {
  const shop = useShop();
  const list = useClipsList(shop.shopifyDomain);
  const clips = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const pickedIds = new Set(picked.map((clip) => clip.metaIdentifier));

  if (list.isPending) return <Spinner size="small" accessibilityLabel="Loading Popclips" />;
  if (clips.length === 0) {
    return (
      <Text as="p" tone="subdued">
        {POPCLIP_EMPTY_MESSAGES.noPopclips}
      </Text>
    );
  }
  return (
    <BlockStack gap="300">
      <ul className={styles.pickerGrid} aria-label="Popclips">
        {clips.map((clip) => {
          const selected = pickedIds.has(clip.metaIdentifier);
          const title = clip.metaData.videoTitle;
          return (
            <li key={clip.metaIdentifier}>
              <label
                className={`${styles.pickerTile} ${selected ? styles.pickerTileSelected : ''}`}
              >
                {clip.metaData.thumbnailURL ? (
                  <img
                    className={styles.pickerPoster}
                    src={clip.metaData.thumbnailURL}
                    alt=""
                    loading="lazy"
                  />
                ) : (
                  <span className={styles.pickerPoster} />
                )}
                <InlineStack gap="100" wrap={false} blockAlign="center">
                  <input
                    type="checkbox"
                    checked={selected}
                    onChange={() => onToggle(clip)}
                    aria-label={`Select ${title}`}
                  />
                  <Text as="span" variant="bodySm" truncate>
                    {title}
                  </Text>
                </InlineStack>
              </label>
            </li>
          );
        })}
      </ul>
      {list.hasNextPage ? (
        <InlineStack align="center">
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load more
          </Button>
        </InlineStack>
      ) : null}
    </BlockStack>
  );
}
