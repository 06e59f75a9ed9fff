import { videoObject } from '@popstage/core/storefront';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventQueue, MAX_BATCH } from './events';
import { feed } from './fixtures.test-util';
import { clipVideoFacts } from './jsonld';
import { carouselClips, featuredPlaylist, productClips } from './placements';
import { positionFor, positionStyle } from './position';
import { sessionId, Visitor } from './visitor';

describe('position math', () => {
  it('maps percents of the viewport to a box that stays inside it', () => {
    expect(positionStyle({ xAxis: 0, yAxis: 75 })).toEqual({
      left: 'calc(12px + (100% - 24px) * 0)',
      top: 'calc(12px + (100% - 24px) * 0.75)',
      transform: 'translate(-0%, -75%)',
    });
    expect(positionStyle({ xAxis: 100, yAxis: 100 }).transform).toBe('translate(-100%, -100%)');
    expect(positionStyle({ xAxis: 140, yAxis: -3 })).toMatchObject({
      left: 'calc(12px + (100% - 24px) * 1)',
      top: 'calc(12px + (100% - 24px) * 0)',
    });
  });

  it('falls back to the spec defaults per device', () => {
    expect(positionFor(undefined, 'mobile')).toEqual({ xAxis: 0, yAxis: 75 });
    expect(positionFor(undefined, 'desktop')).toEqual({ xAxis: 0, yAxis: 57 });
    expect(positionFor({ mobile: { xAxis: 20, yAxis: 30 } }, 'mobile')).toEqual({
      xAxis: 20,
      yAxis: 30,
    });
  });
});

describe('feed → placements', () => {
  it('orders a carousel by its clip ids, skipping unknown ones; all means every clip', () => {
    const f = feed();
    expect(carouselClips(f, 'car1').map((c) => c.id)).toEqual(['c', 'a']);
    expect(carouselClips(f, 'all').map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(carouselClips(f, 'unpublished')).toEqual([]);
  });

  it('puts the featured clip first in its playlist', () => {
    expect(featuredPlaylist(feed()).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(featuredPlaylist(feed({ featured: null }))).toEqual([]);
  });

  it('selects product-page clips by product and display target, or none when hidden', () => {
    const f = feed();
    const b = f.clips[1];
    const tagged = f.clips[0]?.products[0];
    if (b && tagged) b.products = [{ ...tagged, id: 'gid://shopify/Product/2' }];
    const c = f.clips[2];
    if (c) c.displayTargets = ['MOBILE_WEB_PDP'];
    expect(productClips(f, 'gid://shopify/Product/1', 'desktop').map((x) => x.id)).toEqual(['a']);
    expect(productClips(f, 'gid://shopify/Product/1', 'mobile').map((x) => x.id)).toEqual([
      'a',
      'c',
    ]);
    expect(productClips(f, 'gid://shopify/Product/2', 'desktop').map((x) => x.id)).toEqual(['b']);
    const a = f.clips[0];
    if (a) a.displayTargets = [];
    expect(productClips(f, 'gid://shopify/Product/1', 'desktop')).toEqual([]);
    f.settings.hidePopClipsOnPDP = true;
    expect(productClips(f, 'gid://shopify/Product/2', 'desktop')).toEqual([]);
  });
});

describe('event batching', () => {
  afterEach(() => vi.useRealTimers());

  it('dedupes impressions and views per clip, and sends one batch after the delay', () => {
    vi.useFakeTimers();
    const sent: { body: string; final: boolean }[] = [];
    const queue = new EventQueue('/events', { visitorId: 'v1234567' }, (_u, body, final) =>
      sent.push({ body, final }),
    );
    expect(queue.track('impression', 'a')).toBe(true);
    expect(queue.track('impression', 'a')).toBe(false);
    queue.track('view', 'a');
    queue.track('view', 'a');
    queue.track('like', 'a');
    queue.track('like', 'a');
    queue.track('click', 'a', 'p1');
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0]?.body ?? '{}');
    expect(body.visitorId).toBe('v1234567');
    expect(body.events.map((e: { type: string }) => e.type)).toEqual([
      'impression',
      'view',
      'like',
      'like',
      'click',
    ]);
    expect(body.events[4]).toMatchObject({ clipId: 'a', productId: 'p1' });
    expect(typeof body.events[0].at).toBe('string');
  });

  it('flushes full batches of 50 at once and the rest on pagehide with keepalive', () => {
    const sent: { body: string; final: boolean }[] = [];
    const queue = new EventQueue('/events', { visitorId: 'v1234567' }, (_u, body, final) =>
      sent.push({ body, final }),
    );
    queue.listen(window);
    for (let i = 0; i < MAX_BATCH + 3; i++) queue.track('impression', `c${i}`);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '{}').events).toHaveLength(MAX_BATCH);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.final).toBe(true);
    expect(JSON.parse(sent[1]?.body ?? '{}').events).toHaveLength(3);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);
  });
});

describe('events waiting for the visitor id', () => {
  it('are held at their flush and sent by resume once the id is known, not before', () => {
    const ids = { visitorId: '' };
    const sent: string[] = [];
    const queue = new EventQueue('/events', ids, (_u, body) => sent.push(body));
    queue.track('impression', 'a');
    queue.resume();
    expect(sent).toEqual([]);
    queue.flush();
    expect(sent).toEqual([]);
    ids.visitorId = `v.${'s'.repeat(22)}`;
    queue.resume();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0] ?? '{}').visitorId).toBe(ids.visitorId);
    queue.track('impression', 'b');
    queue.resume();
    expect(sent).toHaveLength(1);
  });
});

describe('visitor id', () => {
  const SIGNED = `v-abc.${'x'.repeat(22)}`;
  const KEY = 'popstage:visitor:shop-a.myshopify.com';

  it('is asked of the app once, then read from localStorage per shop', async () => {
    localStorage.clear();
    const issue = vi.fn(async () => SIGNED);
    const visitor = new Visitor('shop-a.myshopify.com', issue);
    expect(visitor.signed).toBe('');
    const [first, second] = await Promise.all([visitor.ensure(), visitor.ensure()]);
    expect([first, second]).toEqual([SIGNED, SIGNED]);
    expect(issue).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(KEY)).toBe(SIGNED);
    expect(visitor.name).toBe('v-abc');
    const returning = new Visitor('shop-a.myshopify.com', issue);
    expect(await returning.ensure()).toBe(SIGNED);
    expect(issue).toHaveBeenCalledTimes(1);
    expect(sessionId()).toBe(sessionId());
  });

  it('renews an id near its expiry for the same visitor, and keeps it while the app is down', async () => {
    const expiring = (days: number) =>
      `v-old.${(Math.floor(Date.now() / 86_400_000) + days).toString(36).padStart(4, '0')}${'y'.repeat(18)}`;
    localStorage.setItem(KEY, expiring(1));
    const issue = vi.fn(async (renewing: string | null) => (renewing ? SIGNED : null));
    expect(await new Visitor('shop-a.myshopify.com', issue).ensure()).toBe(SIGNED);
    expect(issue).toHaveBeenCalledWith(expiring(1));
    expect(localStorage.getItem(KEY)).toBe(SIGNED);
    localStorage.setItem(KEY, expiring(1));
    const down = new Visitor('shop-a.myshopify.com', async () => null);
    expect(await down.ensure()).toBe(expiring(1));
    localStorage.setItem(KEY, expiring(-2));
    const expired = new Visitor('shop-a.myshopify.com', async () => null);
    expect(await expired.ensure()).toBe('');
  });

  it('replaces a tampered or unsigned value, and stays empty while the app cannot answer', async () => {
    localStorage.setItem(KEY, '<script>');
    const down = new Visitor('shop-a.myshopify.com', async () => null);
    expect(await down.ensure()).toBe('');
    expect(down.name).toBe('');
    const up = new Visitor('shop-a.myshopify.com', async () => SIGNED);
    expect(await up.ensure()).toBe(SIGNED);
  });
});

describe('VideoObject', () => {
  it('describes a clip', () => {
    const clip = feed().clips[0];
    if (!clip) throw new Error('fixture');
    expect(videoObject(clipVideoFacts(clip))).toMatchObject({
      '@type': 'VideoObject',
      name: 'Clip a',
      contentUrl: 'https://cdn.example/a.mp4',
      thumbnailUrl: ['https://cdn.example/a.jpg'],
      duration: 'PT12S',
      uploadDate: '2025-05-01T10:00:00.000Z',
    });
  });
});
