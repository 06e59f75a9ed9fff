import { describe, expect, it } from 'vitest';
import { clipVisibility } from './visibility';

const both = { showViewsOnPopClips: true, showLikesOnPopClips: true };

describe('clipVisibility', () => {
  it('shows nothing the settings turn off, whatever the plan', () => {
    const off = { showViewsOnPopClips: false, showLikesOnPopClips: false };
    expect(clipVisibility('premium', off)).toEqual({ showViews: false, showLikes: false });
  });

  it('follows the plan level when the settings allow both', () => {
    expect(clipVisibility('free', both)).toEqual({ showViews: false, showLikes: false });
    expect(clipVisibility('basic', both)).toEqual({ showViews: true, showLikes: false });
    expect(clipVisibility('premium', both)).toEqual({ showViews: true, showLikes: true });
  });
});
