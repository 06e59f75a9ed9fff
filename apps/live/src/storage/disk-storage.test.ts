import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, type DiskStorage } from './disk-storage';

let root: string;
let storage: DiskStorage;
const opts = { contentType: 'video/mp2t', cacheControl: 'public, max-age=31536000, immutable' };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'live-disk-'));
  storage = createDiskStorage({ dir: root, publicBase: 'http://localhost:3000/live-service/' });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function read(key: string): Promise<Buffer | null> {
  const stream = await storage.open(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('disk live storage', () => {
  it('stores buffers and streams, opens them, describes their headers, and names their URL', async () => {
    await storage.put('shows/a/live/0.ts', Buffer.from('segment'), opts);
    await storage.put('shows/a/replay.mp4', Readable.from([Buffer.from('mp'), Buffer.from('4')]), {
      contentType: 'video/mp4',
      cacheControl: 'public, max-age=86400',
    });
    expect((await read('shows/a/live/0.ts'))?.toString()).toBe('segment');
    expect((await read('shows/a/replay.mp4'))?.toString()).toBe('mp4');
    expect(await storage.describe('shows/a/replay.mp4')).toEqual({
      path: join(root, 'shows', 'a', 'replay.mp4'),
      size: 3,
      contentType: 'video/mp4',
      cacheControl: 'public, max-age=86400',
    });
    expect(storage.url('shows/a/live/index.m3u8')).toBe(
      'http://localhost:3000/live-service/media/shows/a/live/index.m3u8',
    );
  });

  it('answers null for what is not there', async () => {
    expect(await storage.open('shows/none/replay.mp4')).toBeNull();
    expect(await storage.open('shows')).toBeNull();
    expect(await storage.describe('shows/none/replay.mp4')).toBeNull();
  });

  it('refuses keys that leave its directory or reach its own hidden files', async () => {
    for (const key of [
      '../x',
      'shows/../../x',
      '/etc/passwd',
      'a\\b',
      'shows//x',
      '',
      'shows/.a.meta',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), opts)).rejects.toThrow(/Not a storage key/);
      await expect(storage.open(key)).rejects.toThrow(/Not a storage key/);
      expect(await storage.describe(key)).toBeNull();
    }
    await expect(storage.deletePrefix('../')).rejects.toThrow(/Not a storage prefix/);
    await expect(storage.deletePrefix('shows')).rejects.toThrow(/Not a storage prefix/);
    expect(await readdir(join(root, '..'))).not.toContain('x');
  });

  it('never shows a reader half a file while it is rewritten (temp file and rename)', async () => {
    const size = 1024 * 1024;
    const key = 'shows/b/live/index.m3u8';
    await storage.put(key, Buffer.alloc(size, 'a'), opts);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 20; i++)
        await storage.put(key, Buffer.alloc(size, i % 2 ? 'a' : 'b'), opts);
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      const bytes = await readFile(join(root, 'shows', 'b', 'live', 'index.m3u8'));
      expect(bytes.length).toBe(size);
      expect(bytes.equals(Buffer.alloc(size, bytes[0]))).toBe(true);
      reads++;
    }
    await writer;
    expect(reads).toBeGreaterThan(0);
    // No part files left behind.
    expect(
      (await readdir(join(root, 'shows', 'b', 'live'))).filter((n) => n.endsWith('.part')),
    ).toEqual([]);
  });

  it('a failed streamed write leaves the previous object whole and no part file', async () => {
    const key = 'shows/c/replay.mp4';
    await storage.put(key, Buffer.from('old'), opts);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put(key, failing, opts)).rejects.toThrow(/connection lost/);
    expect((await read(key))?.toString()).toBe('old');
    expect((await readdir(join(root, 'shows', 'c'))).filter((n) => n.endsWith('.part'))).toEqual(
      [],
    );
  });

  it('deletes everything under a prefix and nothing beside it', async () => {
    await storage.put('shows/d/live/0.ts', Buffer.from('x'), opts);
    await storage.put('shows/d/replay.mp4', Buffer.from('x'), opts);
    await storage.put('shows/dd/replay.mp4', Buffer.from('kept'), opts);
    await storage.deletePrefix('shows/d/');
    expect(await read('shows/d/live/0.ts')).toBeNull();
    expect(await read('shows/d/replay.mp4')).toBeNull();
    expect((await read('shows/dd/replay.mp4'))?.toString()).toBe('kept');
    // Deleting what is already gone is fine (the sweep may run twice).
    await storage.deletePrefix('shows/d/');
  });
});
