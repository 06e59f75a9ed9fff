import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clip, feed, stubMediaPlayback } from './fixtures.test-util';
import { Widget } from './widget';

const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n';

beforeEach(() => {
  document.body.innerHTML = '';
  stubMediaPlayback();
  URL.createObjectURL = vi.fn(() => 'blob:https://shop.example/captions');
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(VTT, { headers: { 'content-type': 'text/vtt' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.style.overflow = '';
});

const flush = () => new Promise((r) => setTimeout(r, 0));

function openViewer(captions: { language: string; label: string; url: string }[]) {
  const widget = new Widget({ origin: 'https://app.example', shop: 'demo.myshopify.com' });
  widget.feed = feed();
  return widget.open([clip('a', { captions })], 0, null);
}

describe('viewer controls (issue 19)', () => {
  it('adds a captions track per language, the first showing, with a CC toggle', async () => {
    const viewer = openViewer([
      { language: 'en', label: 'English', url: 'https://media.example/en.vtt' },
      { language: 'fr', label: 'Français', url: 'https://media.example/fr.vtt' },
    ]);
    await flush();
    const tracks = viewer.el.querySelectorAll('track');
    expect([...tracks].map((t) => [t.kind, t.srclang, t.label])).toEqual([
      ['captions', 'en', 'English'],
      ['captions', 'fr', 'Français'],
    ]);
    expect(tracks[0]?.src).toBe('blob:https://shop.example/captions');
    const cc = viewer.el.querySelector<HTMLButtonElement>('[aria-label="CC (captions)"]');
    expect(cc?.hidden).toBe(false);
    expect(cc?.getAttribute('aria-pressed')).toBe('true');
    cc?.click();
    expect(cc?.getAttribute('aria-pressed')).toBe('false');
    viewer.close();
  });

  it('hides CC for a clip without captions; play, pause and mute are labelled buttons', () => {
    const viewer = openViewer([]);
    expect(viewer.el.querySelector('track')).toBeNull();
    expect(viewer.el.querySelector<HTMLButtonElement>('[aria-label="CC (captions)"]')?.hidden).toBe(
      true,
    );
    const mute = viewer.el.querySelector<HTMLButtonElement>('[aria-label="Mute"]');
    expect(mute).not.toBeNull();
    mute?.click();
    expect(viewer.el.querySelector('video')?.muted).toBe(true);
    viewer.el.querySelector('video')?.dispatchEvent(new Event('volumechange'));
    expect(mute?.getAttribute('aria-label')).toBe('Unmute');
    expect(viewer.el.querySelector('[aria-label="Play"],[aria-label="Pause"]')).not.toBeNull();
    viewer.close();
  });
});
