import { describe, expect, it } from 'vitest';
import { showMediaKeys } from '../media/port';
import { memoryStorage } from '../test/memory-storage';
import { createPlaylistWatch, type PlaylistWatch } from './playlist-watch';

/** A live playlist whose last complete segment is `last`, with `open` parts of the next. */
const playlist = (last: number, open: number, ended = false) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-PART-INF:PART-TARGET=0.500',
    `#EXT-X-MEDIA-SEQUENCE:${last}`,
    '#EXTINF:1.000000,',
    `https://cdn/s/${last}.ts`,
    ...Array.from({ length: open }, (_, i) => `#EXT-X-PART:DURATION=0.5,URI="${last + 1}.${i}.ts"`),
    ...(ended ? ['#EXT-X-ENDLIST'] : []),
    '',
  ].join('\n');

function setup() {
  const { storage } = memoryStorage('https://cdn');
  const reads = new Map<string, number>();
  const open = storage.open.bind(storage);
  storage.open = (key) => {
    reads.set(key, (reads.get(key) ?? 0) + 1);
    return open(key);
  };
  const watch = createPlaylistWatch(storage, { intervalMs: 5 });
  const write = (showId: string, text: string) =>
    storage.put(showMediaKeys(showId).livePlaylist, Buffer.from(text), {
      contentType: 'application/vnd.apple.mpegurl',
      cacheControl: 'public, max-age=1',
    });
  const readsOf = (showId: string) => reads.get(showMediaKeys(showId).livePlaylist) ?? 0;
  return { watch, write, readsOf };
}

const forever = { timeoutMs: 60_000, signal: new AbortController().signal };

describe('playlist watch', () => {
  it('wakes each waiter on the write that has its part, and only that one', async () => {
    const { watch, write } = setup();
    await write('s1', playlist(12, 0));
    const first = watch.wait('s1', { msn: 13, part: 0 }, forever);
    const second = watch.wait('s1', { msn: 13, part: 1 }, forever);
    expect(watch.waiting('s1')).toBe(2);

    await write('s1', playlist(12, 1));
    expect(await first).toBe(playlist(12, 1));
    expect(watch.waiting('s1')).toBe(1);

    await write('s1', playlist(12, 2));
    expect(await second).toBe(playlist(12, 2));
    expect(watch.waiting('s1')).toBe(0);
  });

  it('answers a waiter whose segment completed with fewer parts than it asked for', async () => {
    const { watch, write } = setup();
    await write('s1', playlist(12, 2));
    const waiting = watch.wait('s1', { msn: 13, part: 5 }, forever);
    await write('s1', playlist(13, 0));
    expect(await waiting).toBe(playlist(13, 0));
  });

  it('answers an ended playlist at once, whatever was asked', async () => {
    const { watch, write } = setup();
    await write('s1', playlist(12, 0, true));
    expect(await watch.wait('s1', { msn: 99, part: 3 }, forever)).toBe(playlist(12, 0, true));
  });

  it('keeps shows apart: one show’s write wakes none of another’s waiters', async () => {
    const { watch, write, readsOf } = setup();
    await write('s1', playlist(12, 0));
    await write('s2', playlist(12, 0));
    const mine = watch.wait('s1', { msn: 13, part: 0 }, forever);
    const other = watch.wait('s2', { msn: 13, part: 0 }, forever);
    await write('s1', playlist(12, 1));
    expect(await mine).toBe(playlist(12, 1));
    // s2 is read again after s1's write, and its waiter still waits.
    const seen = readsOf('s2');
    await expect.poll(() => readsOf('s2')).toBeGreaterThan(seen + 1);
    expect(watch.waiting('s2')).toBe(1);
    await write('s2', playlist(12, 1));
    expect(await other).toBe(playlist(12, 1));
  });

  it('gives up after the timeout, and stops reading when nobody waits', async () => {
    const { watch, write, readsOf } = setup();
    await write('s1', playlist(12, 0));
    expect(await watch.wait('s1', { msn: 13 }, { ...forever, timeoutMs: 30 })).toBeNull();
    expect(watch.waiting('s1')).toBe(0);
    await expectNoMoreReads(watch, write, readsOf);
  });

  it('lets a waiter go when its player disconnects: no waiter left, no more reads', async () => {
    const { watch, write, readsOf } = setup();
    await write('s1', playlist(12, 0));
    const gone = new AbortController();
    const waiting = watch.wait('s1', { msn: 13 }, { timeoutMs: 60_000, signal: gone.signal });
    await expect.poll(() => readsOf('s1')).toBeGreaterThan(1);
    gone.abort();
    expect(await waiting).toBeNull();
    expect(watch.waiting('s1')).toBe(0);
    await expectNoMoreReads(watch, write, readsOf);
    // An already aborted request does not wait at all.
    expect(await watch.wait('s1', { msn: 13 }, { timeoutMs: 60_000, signal: gone.signal })).toBe(
      null,
    );
    expect(watch.waiting('s1')).toBe(0);
  });

  it('answers every waiter with null when closed', async () => {
    const { watch, write } = setup();
    await write('s1', playlist(12, 0));
    const waiting = [watch.wait('s1', { msn: 13 }, forever), watch.wait('s2', { msn: 0 }, forever)];
    watch.close();
    expect(await Promise.all(waiting)).toEqual([null, null]);
    expect(await watch.wait('s1', { msn: 0 }, forever)).toBeNull();
  });
});

/**
 * s1's loop has stopped: while another show's waiter sits through several polls, s1 is read at
 * most once more (a read already under way).
 */
async function expectNoMoreReads(
  watch: PlaylistWatch,
  write: (showId: string, text: string) => Promise<void>,
  readsOf: (showId: string) => number,
) {
  const before = readsOf('s1');
  await write('probe', playlist(0, 0));
  const probe = watch.wait('probe', { msn: 1 }, forever);
  await expect.poll(() => readsOf('probe')).toBeGreaterThan(5);
  await write('probe', playlist(1, 0));
  await probe;
  expect(readsOf('s1') - before).toBeLessThanOrEqual(1);
}
