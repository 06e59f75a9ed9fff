import { TITLE_DISPLAY_LENGTH } from './constants';

/**
 * A clip title as the list shows it: at most 46 characters, then '...' (spec 02 §2 gives the cut,
 * the ellipsis is ours). Counts code points, so an emoji is never split in half.
 */
export function truncateClipTitle(title: string, length = TITLE_DISPLAY_LENGTH): string {
  const chars = Array.from(title);
  return chars.length <= length ? title : `${chars.slice(0, length).join('')}...`;
}
