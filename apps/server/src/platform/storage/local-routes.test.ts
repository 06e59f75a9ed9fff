import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadObjectKey } from './keys';
import { type LocalHarness, startLocalHarness } from './testing/local-harness';

let local: LocalHarness;
beforeAll(async () => {
  local = await startLocalHarness();
});
afterAll(() => local.close());

const MB = 1024 * 1024;

/** PUT through node:http, streaming the body; resolves with the answer even if sending stops. */
function put(
  url: string,
  body: Readable,
  headers: Record<string, string | number>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(local.reach(url), { method: 'PUT', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    // The server may close before the whole body is sent (413): that is the point.
    req.on('error', (error) => reject(error));
    body.on('error', () => {});
    body.pipe(req);
  });
}

/** n bytes in 64 KB chunks, produced as they are read (never held whole). */
function bytes(n: number, fill = 1): Readable {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let left = n;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const size = Math.min(left, chunk.length);
      left -= size;
      this.push(chunk.subarray(0, size));
    },
  });
}

/** A young-generation collection: cheap, and it frees the chunks a stream has passed on. */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options?: object) => void;
  return () => gc({ type: 'minor' });
}

async function storedFiles(): Promise<string[]> {
  const root = local.store.root;
  const all = await readdir(root, { recursive: true, withFileTypes: true });
  return all
    .filter((entry) => entry.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('local media uploads', () => {
  it('refuses a body over the signed maximum with 413 and keeps nothing', async () => {
    const before = await storedFiles();
    const upload = await local.store.createSignedUploadUrl('limits/declared.mp4', {
      contentType: 'video/mp4',
      maxBytes: MB,
      expiresIn: 60,
    });
    const declared = await put(upload.url, bytes(2 * MB), {
      'content-type': 'video/mp4',
      'content-length': 2 * MB,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ error: 'Payload Too Large' });

    const chunkedUrl = await local.store.createSignedUploadUrl('limits/chunked.mp4', {
      contentType: 'video/mp4',
      maxBytes: MB,
      expiresIn: 60,
    });
    const chunked = await put(chunkedUrl.url, bytes(MB + 1), {
      'content-type': 'video/mp4',
      'transfer-encoding': 'chunked',
    });
    expect(chunked.status).toBe(413);
    expect(await local.store.headObject('limits/chunked.mp4')).toBeNull();
    expect(await local.store.headObject('limits/declared.mp4')).toBeNull();
    expect(await storedFiles()).toEqual(before);
  });

  it('keeps nothing of an upload the client abandons', async () => {
    const before = await storedFiles();
    const upload = await local.store.createSignedUploadUrl('limits/abandoned.mp4', {
      contentType: 'video/mp4',
      maxBytes: 10 * MB,
      expiresIn: 60,
    });
    const req = httpRequest(local.reach(upload.url), {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'content-length': 5 * MB },
    });
    req.on('error', () => {});
    req.write(Buffer.alloc(MB));
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    await vi.waitFor(async () => expect(await storedFiles()).toEqual(before));
    expect(await local.store.headObject('limits/abandoned.mp4')).toBeNull();
  });

  it('accepts exactly the maximum', async () => {
    const upload = await local.store.createSignedUploadUrl('limits/exact.mp4', {
      contentType: 'video/mp4',
      maxBytes: MB,
      expiresIn: 60,
    });
    const answer = await put(upload.url, bytes(MB), {
      'content-type': 'video/mp4',
      'transfer-encoding': 'chunked',
    });
    expect(answer.status).toBe(200);
    expect((await local.store.headObject('limits/exact.mp4'))?.size).toBe(MB);
  });

  it('holds a signed length to the byte', async () => {
    const upload = await local.store.createSignedUploadUrl('limits/length.png', {
      contentType: 'image/png',
      maxBytes: 100,
      contentLength: 10,
      expiresIn: 60,
    });
    const wrong = await put(upload.url, bytes(11), {
      'content-type': 'image/png',
      'content-length': 11,
    });
    expect(wrong.status).toBe(403);
    const right = await put(upload.url, bytes(10), {
      'content-type': 'image/png',
      'content-length': 10,
    });
    expect(right.status).toBe(200);
  });

  it('streams a 50 MB upload without holding it in memory', async () => {
    const size = 50 * MB;
    const upload = await local.store.createSignedUploadUrl('limits/big.mp4', {
      contentType: 'video/mp4',
      maxBytes: 100 * MB,
      expiresIn: 60,
    });
    // Live memory, not garbage: collect before each sample.
    const gc = exposeGc();
    gc();
    const base = process.memoryUsage();
    let peakHeap = 0;
    let peakBuffers = 0;
    const sample = setInterval(() => {
      gc();
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed - base.heapUsed);
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers - base.arrayBuffers);
    }, 10);
    const answer = await put(upload.url, bytes(size), {
      'content-type': 'video/mp4',
      'content-length': size,
    });
    clearInterval(sample);
    expect(answer.status).toBe(200);
    expect((await local.store.headObject('limits/big.mp4'))?.size).toBe(size);
    // Buffering the body adds 50 MB or more; streaming stays near 4 MB (generous bound).
    expect(peakHeap).toBeLessThan(16 * MB);
    expect(peakBuffers).toBeLessThan(16 * MB);
  });

  it('answers 403 JSON for a missing, forged or re-purposed signature', async () => {
    const upload = await local.store.createSignedUploadUrl('forged/a.png', {
      contentType: 'image/png',
      maxBytes: 100,
      expiresIn: 60,
    });
    const send = (url: string) =>
      put(url, bytes(5), { 'content-type': 'image/png', 'content-length': 5 });
    const url = new URL(upload.url);
    const variants = [
      (q: URLSearchParams) => q.set('max', '1000000'),
      (q: URLSearchParams) => q.set('type', 'text/html'),
      (q: URLSearchParams) => q.set('expires', String(Number(q.get('expires')) + 3600)),
      (q: URLSearchParams) => q.set('sig', `${q.get('sig')?.slice(0, -2)}AA`),
      (q: URLSearchParams) => q.delete('sig'),
      (q: URLSearchParams) => q.set('length', '5'),
    ];
    for (const change of variants) {
      const forged = new URL(url);
      change(forged.searchParams);
      const answer = await send(forged.toString());
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'Forbidden' });
    }
    expect(await local.store.headObject('forged/a.png')).toBeNull();
  });

  it('stores uploaded file names with alphanumerics only, under the root', async () => {
    const key = uploadObjectKey(['shops', 's1', 'clips', 'c1'], '../../My clip (1)!.MOV');
    expect(key).toBe('shops/s1/clips/c1/Myclip1.mov');
    const upload = await local.store.createSignedUploadUrl(key, {
      contentType: 'video/quicktime',
      maxBytes: 100,
      expiresIn: 60,
    });
    expect((await put(upload.url, bytes(3), { 'content-type': 'video/quicktime' })).status).toBe(
      200,
    );
    expect(local.store.filePath(key)).toBe(path.join(local.store.objectsRoot, key));
    expect(() => uploadObjectKey(['..'], 'a.mp4')).toThrow();
  });
});

describe('local media downloads', () => {
  const key = 'served/clip.mp4';
  let url: string;
  beforeAll(async () => {
    await local.store.putObject(key, '0123456789', { contentType: 'video/mp4' });
    url = local.reach((await local.store.createSignedDownloadUrl(key, { expiresIn: 600 })).url);
  });

  it('serves the object with its type and cache headers', async () => {
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=600');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('etag')).toBeTruthy();
    expect(await answer.text()).toBe('0123456789');
  });

  it('serves ranges with 206, and suffix ranges', async () => {
    const range = await fetch(url, { headers: { range: 'bytes=2-4' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(range.headers.get('content-length')).toBe('3');
    expect(await range.text()).toBe('234');
    const suffix = await fetch(url, { headers: { range: 'bytes=-3' } });
    expect(suffix.status).toBe(206);
    expect(await suffix.text()).toBe('789');
  });

  it('answers 416 JSON for a range past the end', async () => {
    const answer = await fetch(url, { headers: { range: 'bytes=10-20' } });
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe('bytes */10');
    expect(await answer.json()).toMatchObject({ error: 'Range Not Satisfiable' });
  });

  it('answers HEAD and conditional requests', async () => {
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    const etag = head.headers.get('etag') ?? '';
    // node:http, because fetch adds Cache-Control: no-cache to conditional requests.
    const status = await new Promise<number>((resolve, reject) => {
      httpRequest(url, { headers: { 'if-none-match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(304);
  });

  it('answers 404 JSON for a missing object and 403 for a bad signature', async () => {
    const missing = await local.store.createSignedDownloadUrl('served/none.mp4', { expiresIn: 60 });
    const answer = await fetch(local.reach(missing.url));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: 'Not Found' });
    const forged = await fetch(url.replace('clip.mp4', 'other.mp4'));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: 'Forbidden' });
  });
});
