import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MOBILE_IMAGE_MAX_BYTES } from '@popstage/core/mobile';
import { runFfmpeg } from '@popstage/testkit/ffmpeg';
import { photoJpeg, pngImage } from '@popstage/testkit/image';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalObjectStore, type LocalObjectStore } from '../../platform/storage/local-store';
import { hasExactSize, storedImage } from './image-checks';

/** The server reads an uploaded app image's size from the stored bytes, whatever was declared. */
let root: string;
let store: LocalObjectStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'popstage-app-images-'));
  store = createLocalObjectStore({
    root,
    baseUrl: 'http://media.test/media',
    secret: 'test-secret-test-secret-test-secret!',
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const put = async (key: string, bytes: Buffer, contentType = 'image/png') => {
  await store.putObject(key, bytes, { contentType });
  return key;
};

/** An EXIF APP1 segment (big-endian TIFF, one IFD entry) holding only the orientation tag. */
function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // "MM", 42, IFD at 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), length, body]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

async function ffmpegImage(name: string, args: string[]): Promise<Buffer> {
  const file = path.join(root, name);
  await runFfmpeg(['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args, file]);
  return readFile(file);
}

describe('storedImage', () => {
  it('reads the size of PNG, JPEG and GIF uploads', async () => {
    const png = await put('apps/s/icon.png', pngImage({ width: 1536, height: 1536 }));
    expect(await storedImage(store, png)).toEqual({ width: 1536, height: 1536 });

    const jpegFile = await photoJpeg(path.join(root, 'launch.jpg'), { width: 1000, height: 1600 });
    const jpeg = await put('apps/s/launch.jpg', await readFile(jpegFile), 'image/jpeg');
    expect(await storedImage(store, jpeg)).toEqual({ width: 1000, height: 1600 });

    const gifBytes = await ffmpegImage('icon.gif', [
      ...['-f', 'lavfi', '-i', 'color=c=blue:s=1536x1536', '-frames:v', '1'],
    ]);
    const gif = await put('apps/s/icon.gif', gifBytes, 'image/gif');
    expect(await storedImage(store, gif)).toEqual({ width: 1536, height: 1536 });
  });

  it('turns a JPEG by its EXIF orientation, as the browser shows it', async () => {
    const file = await photoJpeg(path.join(root, 'sideways.jpg'), { width: 1600, height: 1000 });
    const sideways = await readFile(file);
    const turned = await put('apps/s/turned.jpg', withExifOrientation(sideways, 6), 'image/jpeg');
    expect(await storedImage(store, turned)).toEqual({ width: 1000, height: 1600 });
    const upright = await put('apps/s/upright.jpg', withExifOrientation(sideways, 1), 'image/jpeg');
    expect(await storedImage(store, upright)).toEqual({ width: 1600, height: 1000 });
  });

  it('refuses other types, non-images, missing and oversized objects', async () => {
    const webp = await ffmpegImage('icon.webp', [
      ...['-f', 'lavfi', '-i', 'color=c=red:s=64x64', '-frames:v', '1'],
    ]);
    expect(await storedImage(store, await put('apps/s/a.png', webp))).toBeNull();
    const text = Buffer.from('not an image at all, just some text');
    expect(await storedImage(store, await put('apps/s/b.png', text))).toBeNull();
    // A PNG signature with its header cut off.
    const cut = pngImage({ width: 1536, height: 1536 }).subarray(0, 12);
    expect(await storedImage(store, await put('apps/s/c.png', cut))).toBeNull();
    expect(await storedImage(store, 'apps/s/missing.png')).toBeNull();
    const huge = pngImage({ width: 8, height: 8, bytes: MOBILE_IMAGE_MAX_BYTES + 1 });
    expect(await storedImage(store, await put('apps/s/huge.png', huge))).toBeNull();
  });
});

describe('hasExactSize', () => {
  it('wants both sides exactly', () => {
    const icon = { width: 1536, height: 1536 };
    expect(hasExactSize({ width: 1536, height: 1536 }, icon)).toBe(true);
    expect(hasExactSize({ width: 1536, height: 1535 }, icon)).toBe(false);
    expect(hasExactSize({ width: 1000, height: 1600 }, { width: 1600, height: 1000 })).toBe(false);
    expect(hasExactSize(null, icon)).toBe(false);
  });
});
