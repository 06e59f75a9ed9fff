import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import {
  InvalidObjectKeyError,
  type ObjectStore,
  type ObjectStream,
  RangeNotSatisfiableError,
} from '../port';

/** One behaviour for every ObjectStore adapter: run inside a describe() per adapter. */
export interface ContractHarness {
  store: ObjectStore;
  /** Turns a signed URL into one this test process can reach (local: the listening port). */
  reach(url: string): string;
  /** Whether the server behind the signed URLs checks them (the local routes, S3 itself). */
  enforcesSignatures: boolean;
  /** Moves the clock the signatures are checked against, when the server uses ours. */
  advanceClock?(seconds: number): void;
}

export async function text(object: ObjectStream | null): Promise<string | null> {
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

let counter = 0;
const freshKey = (name = 'file.bin') => `contract/${Date.now()}${counter++}/${name}`;

export function objectStoreContract(harness: () => ContractHarness): void {
  it('stores an object and describes it', async () => {
    const { store } = harness();
    const key = freshKey('a.png');
    await store.putObject(key, Buffer.from('hello world'), { contentType: 'image/png' });
    const head = await store.headObject(key);
    expect(head).toMatchObject({ key, size: 11, contentType: 'image/png' });
    expect(head?.lastModified).toBeInstanceOf(Date);
    expect(await text(await store.getObject(key))).toBe('hello world');
  });

  it('takes streams of unknown and of known length', async () => {
    const { store } = harness();
    const unknown = freshKey();
    const chunks = ['one ', 'two ', 'three'];
    await store.putObject(unknown, Readable.from(chunks.map((c) => Buffer.from(c))), {
      contentType: 'video/mp4',
    });
    expect(await text(await store.getObject(unknown))).toBe('one two three');
    const known = freshKey();
    await store.putObject(known, Readable.from([Buffer.from('12345')]), {
      contentType: 'video/mp4',
      contentLength: 5,
    });
    expect(await store.headObject(known)).toMatchObject({ size: 5, contentType: 'video/mp4' });
  });

  it('replaces an object, content type included', async () => {
    const { store } = harness();
    const key = freshKey();
    await store.putObject(key, 'first', { contentType: 'text/plain' });
    await store.putObject(key, 'second!', { contentType: 'image/gif' });
    expect(await store.headObject(key)).toMatchObject({ size: 7, contentType: 'image/gif' });
    expect(await text(await store.getObject(key))).toBe('second!');
  });

  it('reads byte ranges', async () => {
    const { store } = harness();
    const key = freshKey();
    await store.putObject(key, '0123456789', { contentType: 'video/mp4' });
    const middle = await store.getObject(key, { range: { start: 2, end: 5 } });
    expect(middle).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
    expect(await text(middle)).toBe('2345');
    expect(await text(await store.getObject(key, { range: { start: 7 } }))).toBe('789');
    const clamped = await store.getObject(key, { range: { start: 5, end: 100 } });
    expect(clamped?.range).toEqual({ start: 5, end: 9 });
    expect(await text(clamped)).toBe('56789');
    await expect(store.getObject(key, { range: { start: 10 } })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
  });

  it('answers null for a missing object, and deletes idempotently', async () => {
    const { store } = harness();
    const key = freshKey();
    expect(await store.headObject(key)).toBeNull();
    expect(await store.getObject(key)).toBeNull();
    await store.deleteObject(key);
    await store.putObject(key, 'x', { contentType: 'text/plain' });
    await store.deleteObject(key);
    expect(await store.headObject(key)).toBeNull();
  });

  it('deletes many objects at once', async () => {
    const { store } = harness();
    const keys = [freshKey(), freshKey(), freshKey()];
    for (const key of keys) await store.putObject(key, 'x', { contentType: 'text/plain' });
    await store.deleteObjects([...keys, freshKey('never-stored')]);
    for (const key of keys) expect(await store.headObject(key)).toBeNull();
    await store.deleteObjects([]);
  });

  it('deletes every object under a prefix and nothing beside it', async () => {
    const { store } = harness();
    const folder = freshKey('shop');
    const inside = [`${folder}/clips/a/playable.mp4`, `${folder}/clips/b/thumbnail.jpg`];
    const beside = `${folder}-other/clips/a/playable.mp4`;
    for (const key of [...inside, beside]) {
      await store.putObject(key, 'x', { contentType: 'video/mp4' });
    }
    expect(await store.deletePrefix(`${folder}/`)).toBe(2);
    for (const key of inside) expect(await store.headObject(key)).toBeNull();
    expect(await store.headObject(beside)).toMatchObject({ size: 1 });
    expect(await store.deletePrefix(`${folder}/`)).toBe(0);
    for (const prefix of ['', '/', 'shops', '../', 'shops//']) {
      await expect(store.deletePrefix(prefix)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    }
    expect(await store.headObject(beside)).toMatchObject({ size: 1 });
  });

  it('refuses unsafe keys', async () => {
    const { store } = harness();
    for (const key of ['../x', '/abs', 'a//b', 'a/../b', '.hidden', 'a b', 'a/', '', 'é']) {
      await expect(store.putObject(key, 'x', { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
      await expect(store.headObject(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.createSignedDownloadUrl(key, { expiresIn: 60 })).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
    }
  });

  it('checks signed URL options', async () => {
    const { store } = harness();
    const key = freshKey();
    const upload = { contentType: 'image/png', maxBytes: 10, expiresIn: 60 };
    await expect(store.createSignedUploadUrl(key, { ...upload, expiresIn: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(
      store.createSignedUploadUrl(key, { ...upload, expiresIn: 8 * 24 * 3600 }),
    ).rejects.toThrow(RangeError);
    await expect(
      store.createSignedUploadUrl(key, { ...upload, contentLength: 11 }),
    ).rejects.toThrow(RangeError);
  });

  it('round-trips through signed upload and download URLs', async () => {
    const { store, reach } = harness();
    const key = freshKey('thumb.png');
    const body = Buffer.from('not really a png, but bytes');
    const upload = await store.createSignedUploadUrl(key, {
      contentType: 'image/png',
      maxBytes: 1000,
      contentLength: body.length,
      expiresIn: 300,
    });
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toMatchObject({ 'content-type': 'image/png' });
    expect(upload.expiresAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const put = await fetch(reach(upload.url), { method: 'PUT', headers: upload.headers, body });
    expect(put.status).toBe(200);
    expect(await store.headObject(key)).toMatchObject({
      size: body.length,
      contentType: 'image/png',
    });

    const download = await store.createSignedDownloadUrl(key, { expiresIn: 300 });
    const got = await fetch(reach(download.url));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(body);

    const ranged = await fetch(reach(download.url), { headers: { range: 'bytes=4-9' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 4-9/${body.length}`);
    expect(await ranged.text()).toBe('really');
  });

  it('refuses tampered and expired signed URLs', async (context) => {
    const { store, reach, enforcesSignatures, advanceClock } = harness();
    if (!enforcesSignatures) return context.skip();
    const key = freshKey('v.mp4');
    const upload = await store.createSignedUploadUrl(key, {
      contentType: 'video/mp4',
      maxBytes: 100,
      expiresIn: 60,
    });
    const put = (url: string, contentType = 'video/mp4') =>
      fetch(reach(url), { method: 'PUT', headers: { 'content-type': contentType }, body: 'abc' });
    expect((await put(upload.url.replace('v.mp4', 'w.mp4'))).status).toBe(403);
    expect((await put(upload.url, 'text/html')).status).toBe(403);
    const download = await store.createSignedDownloadUrl(key, { expiresIn: 60 });
    expect((await put(download.url)).status).toBe(403);
    if (advanceClock) {
      advanceClock(61);
      expect((await put(upload.url)).status).toBe(403);
      expect((await fetch(reach(download.url))).status).toBe(403);
    }
    expect(await store.headObject(key)).toBeNull();
  });
}
