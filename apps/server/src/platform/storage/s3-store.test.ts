import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config';
import { systemClock } from '../clock';
import { createMediaStore } from './from-config';
import type { ObjectStore } from './port';
import { createS3ObjectStore, parseContentRange, type S3ObjectStore } from './s3-store';
import { objectStoreContract } from './testing/object-store-contract';

// s3rver speaks S3's REST and XML (path-style) but does not check SigV4 signatures, expiry or
// signed headers: those are S3's to enforce, and the presigned URL shape is checked below.
let server: S3rver;
let directory: string;
let store: S3ObjectStore;
let endpoint: string;
const signingDate = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'popstage-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'media' }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  store = createS3ObjectStore({
    bucket: 'media',
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  store.client.destroy();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('the S3 store the configuration makes (its SDK loaded on first use)', () => {
  // MEDIA_STORE=s3 gives a store that loads the adapter with its first operation: each operation
  // must reach the adapter's own.
  let configured: ObjectStore | null = null;
  const store = () => {
    configured ??= createMediaStore(
      {
        MEDIA_STORE: 's3',
        S3_BUCKET: 'media',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: true,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      } as Config,
      systemClock,
    );
    return configured;
  };
  objectStoreContract(() => ({ store: store(), reach: (url) => url, enforcesSignatures: false }));
});

describe('S3 ObjectStore contract (s3rver)', () => {
  objectStoreContract(() => ({ store, reach: (url) => url, enforcesSignatures: false }));

  it('uploads a stream of unknown length above one part as a multipart upload', async () => {
    const part = Buffer.alloc(1024 * 1024, 7);
    const key = 'contract/multipart/big.mp4';
    await store.putObject(key, Readable.from(Array.from({ length: 6 }, () => part)), {
      contentType: 'video/mp4',
    });
    expect(await store.headObject(key)).toMatchObject({ size: 6 * part.length });
    await store.deleteObject(key);
  });

  it('deletes in batches of 1000 keys', async () => {
    const send = vi.spyOn(store.client, 'send');
    const keys = Array.from({ length: 1001 }, (_, i) => `contract/batch/${i}`);
    await store.deleteObjects(keys);
    expect(send).toHaveBeenCalledTimes(2);
    send.mockRestore();
  });
});

describe('S3 presigned URLs (request shape)', () => {
  const shaped = createS3ObjectStore({
    bucket: 'media',
    region: 'eu-west-1',
    endpoint: 'https://s3.example.test',
    forcePathStyle: true,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    clock: { now: () => signingDate },
  });

  it('signs the content type and declared length of a PUT, and nothing of the body', async () => {
    const signed = await shaped.createSignedUploadUrl('shops/s1/clips/c1/video.mp4', {
      contentType: 'video/mp4',
      maxBytes: 100 * 1024 * 1024,
      contentLength: 12345,
      expiresIn: 900,
    });
    const url = new URL(signed.url);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://s3.example.test/media/shops/s1/clips/c1/video.mp4',
    );
    const q = url.searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Credential')).toBe('AKIDEXAMPLE/20261120/eu-west-1/s3/aws4_request');
    expect(q.get('X-Amz-Date')).toBe('20261120T120000Z');
    expect(q.get('X-Amz-Expires')).toBe('900');
    // If-None-Match: * makes the URL single-use (S3's conditional write answers 412 after).
    expect(q.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // A checksum in the URL would be of an empty body and make every real upload fail.
    expect([...q.keys()].filter((name) => name.toLowerCase().includes('checksum'))).toEqual([]);
    expect(signed.headers).toEqual({ 'content-type': 'video/mp4', 'if-none-match': '*' });
    expect(signed.expiresAt).toEqual(new Date(signingDate.getTime() + 900_000));
  });

  it('presigns a GET without signed headers beyond host', async () => {
    const signed = await shaped.createSignedDownloadUrl('a/b.png', { expiresIn: 60 });
    const q = new URL(signed.url).searchParams;
    expect(q.get('X-Amz-SignedHeaders')).toBe('host');
    expect(q.get('X-Amz-Expires')).toBe('60');
    expect(signed.method).toBe('GET');
  });

  it('reads Content-Range', () => {
    expect(parseContentRange('bytes 0-4/11')).toEqual({ range: { start: 0, end: 4 }, size: 11 });
    expect(parseContentRange(undefined)).toBeNull();
  });
});
