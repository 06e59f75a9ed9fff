import { describe, expect, it } from 'vitest';
import { canReupload, isUsableClip } from './status';

describe('clip status rules', () => {
  it('offers a new upload for failed, interrupted and unfinished clips only', () => {
    expect(['failed', 'interrupted', 'uploading'].map(canReupload)).toEqual([true, true, true]);
    expect(['processing', 'processed', 'ready', ''].map(canReupload)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('keeps an interrupted clip out of carousels and sharing', () => {
    expect(isUsableClip('interrupted')).toBe(false);
    expect(isUsableClip('processed')).toBe(true);
    expect(isUsableClip('failed')).toBe(true);
  });
});
