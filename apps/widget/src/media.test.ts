import { afterEach, describe, expect, it, vi } from 'vitest';
import { clip } from './fixtures.test-util';
import { attachLoop, POSTER_FALLBACK_MS, posterUnlessLoop, sourceFor } from './media';

const ladder = [
  { url: 'https://cdn.example/360.mp4', width: 360, height: 640, bitsPerSecond: 700_000 },
  { url: 'https://cdn.example/720.mp4', width: 720, height: 1280, bitsPerSecond: 2_000_000 },
];

function setConnection(value: object | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  setConnection(undefined);
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('sourceFor', () => {
  it('picks the rendition for the player and the connection', () => {
    const player = document.createElement('video');
    vi.spyOn(player, 'getBoundingClientRect').mockReturnValue({
      width: 375,
      height: 667,
    } as DOMRect);
    const c = clip('a', { sources: ladder });
    expect(sourceFor(c, player)).toBe('https://cdn.example/720.mp4');
    setConnection({ downlink: 1.6, effectiveType: '4g' });
    expect(sourceFor(c, player)).toBe('https://cdn.example/360.mp4');
    setConnection({ saveData: true });
    expect(sourceFor(c, player)).toBe('https://cdn.example/360.mp4');
  });

  it('falls back to the single file of a clip without a ladder', () => {
    const player = document.createElement('video');
    expect(sourceFor(clip('b'), player)).toBe('https://cdn.example/b.mp4');
  });
});

describe('attachLoop', () => {
  it('plays the silent loop over the poster when motion is welcome', () => {
    setReducedMotion(false);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const box = document.createElement('span');
    box.append(document.createElement('img'));
    const video = attachLoop(box, 'https://cdn.example/loop.mp4');
    expect(video?.muted).toBe(true);
    expect(video?.loop).toBe(true);
    expect(video?.getAttribute('src')).toBe('https://cdn.example/loop.mp4');
    expect(box.firstElementChild?.tagName).toBe('IMG');
    expect(play).toHaveBeenCalled();
  });

  it('leaves the poster still, nothing loaded, under prefers-reduced-motion', () => {
    setReducedMotion(true);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const video = attachLoop(document.createElement('span'), 'https://cdn.example/loop.mp4');
    expect(video?.getAttribute('src')).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });

  it('adds nothing for a clip without a loop', () => {
    expect(attachLoop(document.createElement('span'), null)).toBeNull();
  });

  it('fetches an eager loop (the featured bubble) at once, before an observer reports it on screen', () => {
    setReducedMotion(false);
    // An observer that has not reported yet, as in a page still laying out.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    try {
      const eager = attachLoop(document.createElement('span'), 'https://cdn.example/a.mp4', {
        eager: true,
      });
      const lazy = attachLoop(document.createElement('span'), 'https://cdn.example/b.mp4');
      expect(eager?.getAttribute('src')).toBe('https://cdn.example/a.mp4');
      expect(eager?.preload).toBe('auto');
      expect(lazy?.getAttribute('src')).toBeNull();
      expect(lazy?.preload).toBe('none');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('posterUnlessLoop (the featured bubble)', () => {
  const POSTER = 'https://cdn.example/poster.webp';
  const eagerLoop = () => {
    setReducedMotion(false);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    return attachLoop(document.createElement('span'), 'https://cdn.example/loop.mp4', {
      eager: true,
    });
  };

  it('asks for no poster while the eager loop loads: its first frame is the picture', () => {
    vi.useFakeTimers();
    try {
      const img = document.createElement('img');
      const loop = eagerLoop();
      Object.defineProperty(loop, 'readyState', { value: HTMLMediaElement.HAVE_CURRENT_DATA });
      posterUnlessLoop(img, POSTER, loop);
      expect(img.getAttribute('src')).toBeNull();
      vi.advanceTimersByTime(POSTER_FALLBACK_MS + 1);
      expect(img.getAttribute('src')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the poster when the loop fails to load', () => {
    const img = document.createElement('img');
    const loop = eagerLoop();
    posterUnlessLoop(img, POSTER, loop);
    loop?.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe(POSTER);
  });

  it('shows the poster when the loop has no frame in time', () => {
    vi.useFakeTimers();
    try {
      const img = document.createElement('img');
      posterUnlessLoop(img, POSTER, eagerLoop());
      vi.advanceTimersByTime(POSTER_FALLBACK_MS - 1);
      expect(img.getAttribute('src')).toBeNull();
      vi.advanceTimersByTime(2);
      expect(img.getAttribute('src')).toBe(POSTER);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the poster at once without an eager loop (reduced motion, no loop)', () => {
    setReducedMotion(true);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const still = document.createElement('img');
    posterUnlessLoop(
      still,
      POSTER,
      attachLoop(document.createElement('span'), 'https://cdn.example/loop.mp4', { eager: true }),
    );
    expect(still.getAttribute('src')).toBe(POSTER);
    const none = document.createElement('img');
    posterUnlessLoop(none, POSTER, null);
    expect(none.getAttribute('src')).toBe(POSTER);
  });
});
