import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveStorage } from '../media/port';
import { createS3Storage } from './s3-storage';

/**
 * An offline S3 stand-in: the four calls live storage makes (PutObject, GetObject,
 * ListObjectsV2 paged two keys at a time, DeleteObjects), over HTTP with path-style addressing,
 * recording each request as it came. The real SDK talks to it; nothing of the SDK is replaced.
 */
interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const objects = new Map<string, { body: Buffer; contentType?: string; cacheControl?: string }>();
const requests: Recorded[] = [];
let server: Server;
let endpoint: string;
let dir: string;
const PAGE = 2;

function xml(res: import('node:http').ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'live-s3-'));
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://s3');
    const body = Buffer.concat(chunks);
    const path = decodeURIComponent(url.pathname);
    requests.push({
      method: req.method ?? '',
      path,
      query: url.searchParams,
      headers: req.headers,
      body,
    });
    const [, bucket, ...rest] = path.split('/');
    const key = rest.join('/');
    if (bucket !== 'media') return xml(res, 404, '<Error><Code>NoSuchBucket</Code></Error>');
    if (req.method === 'PUT' && key) {
      objects.set(key, {
        body,
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'],
      });
      res.writeHead(200, { etag: '"e"' });
      return res.end();
    }
    if (req.method === 'GET' && key) {
      const object = objects.get(key);
      if (!object)
        return xml(res, 404, '<Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
      res.writeHead(200, {
        'content-type': object.contentType ?? '',
        'content-length': object.body.length,
      });
      return res.end(object.body);
    }
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      // S3's token is opaque but key-ordered: the next page starts after the last key given,
      // so objects deleted meanwhile shift nothing.
      const after = url.searchParams.get('continuation-token') ?? '';
      const rest = all.filter((k) => k > after);
      const page = rest.slice(0, PAGE);
      const more = rest.length > PAGE;
      return xml(
        res,
        200,
        `<ListBucketResult><Name>media</Name><Prefix>${xmlText(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${more}</IsTruncated>${
          more ? `<NextContinuationToken>${xmlText(page.at(-1) ?? '')}</NextContinuationToken>` : ''
        }${page.map((k) => `<Contents><Key>${xmlText(k)}</Key><Size>1</Size></Contents>`).join('')}</ListBucketResult>`,
      );
    }
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '');
      // Deleting what is not there is a success in S3; it leaves the list a page shorter.
      for (const k of keys) objects.delete(k.replace(/&lt;/g, '<').replace(/&amp;/g, '&'));
      return xml(res, 200, '<DeleteResult></DeleteResult>');
    }
    xml(res, 400, '<Error><Code>NotImplemented</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  objects.clear();
  requests.length = 0;
});

function storage(): LiveStorage {
  return createS3Storage({
    bucket: 'media',
    baseUrl: 'https://cdn.example.com/live/',
    client: {
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    },
  });
}

async function text(stream: Readable | null) {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

describe('S3 live storage', () => {
  it('puts each object with its Content-Type, Cache-Control and length, signed', async () => {
    await storage().put('shows/a/live/index.m3u8', Buffer.from('#EXTM3U\n'), {
      contentType: 'application/vnd.apple.mpegurl',
      cacheControl: 'public, max-age=1',
    });
    const [put] = requests;
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe('/media/shows/a/live/index.m3u8');
    expect(put?.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(put?.headers['cache-control']).toBe('public, max-age=1');
    expect(put?.headers['content-length']).toBe('8');
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test\//);
    expect(put?.body.toString()).toBe('#EXTM3U\n');
  });

  it('streams a file (the replay MP4) with its length, and reads it back', async () => {
    const file = join(dir, 'replay.mp4');
    await writeFile(file, Buffer.alloc(200_000, 7));
    await storage().put('shows/a/replay.mp4', createReadStream(file), {
      contentType: 'video/mp4',
      cacheControl: 'public, max-age=86400',
    });
    expect(requests[0]?.headers['content-length']).toBe('200000');
    expect(objects.get('shows/a/replay.mp4')?.body.equals(Buffer.alloc(200_000, 7))).toBe(true);
    const other = Readable.from([Buffer.from('a'), Buffer.from('b')]);
    await storage().put('shows/a/x.ts', other, { contentType: 'video/mp2t', cacheControl: 'c' });
    expect(await text(await storage().open('shows/a/x.ts'))).toBe('ab');
    expect(await storage().open('shows/a/none.mp4')).toBeNull();
  });

  it('deletes every object under a prefix across list pages, nothing beside it', async () => {
    const s = storage();
    for (const key of [
      'shows/a/1.ts',
      'shows/a/2.ts',
      'shows/a/3.ts',
      'shows/a/replay.mp4',
      'shows/a/live/index.m3u8',
      'shows/ab/keep.ts',
    ]) {
      await s.put(key, Buffer.from('x'), { contentType: 'video/mp2t', cacheControl: 'c' });
    }
    requests.length = 0;
    await s.deletePrefix('shows/a/');
    expect([...objects.keys()]).toEqual(['shows/ab/keep.ts']);
    const lists = requests.filter((r) => r.query.get('list-type') === '2');
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists.every((r) => r.query.get('prefix') === 'shows/a/')).toBe(true);
    const deletes = requests.filter((r) => r.method === 'POST');
    expect(deletes.every((r) => r.body.toString().includes('<Quiet>true</Quiet>'))).toBe(true);
    await expect(s.deletePrefix('shows')).rejects.toThrow(/Not a storage prefix/);
  });

  it('names CDN URLs and refuses keys that are not keys', async () => {
    expect(storage().url('shows/a/live/index.m3u8')).toBe(
      'https://cdn.example.com/live/shows/a/live/index.m3u8',
    );
    await expect(
      storage().put('../x', Buffer.from('x'), { contentType: 'a', cacheControl: 'b' }),
    ).rejects.toThrow(/Not a storage key/);
    expect(requests).toEqual([]);
  });
});
