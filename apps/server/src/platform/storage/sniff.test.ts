import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isDeclaredImageType, readHead, sniffImageType } from './sniff';

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');
const ascii = (text: string) => Buffer.from(text, 'latin1');

describe('image sniffing', () => {
  it.each([
    ['image/jpeg', hex('ffd8ffe000104a464946')],
    ['image/png', hex('89504e470d0a1a0a0000000d')],
    ['image/webp', Buffer.concat([ascii('RIFF'), hex('24000000'), ascii('WEBPVP8 ')])],
    ['image/gif', ascii('GIF89a\x01\x00')],
    ['image/gif', ascii('GIF87a\x01\x00')],
  ])('knows %s by its magic bytes', (type, bytes) => {
    expect(sniffImageType(bytes)).toBe(type);
    expect(isDeclaredImageType(bytes, type)).toBe(true);
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['a truncated PNG', hex('89504e47')],
    ['HTML', ascii('<!doctype html><script>')],
    ['SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['a RIFF that is not WebP', Buffer.concat([ascii('RIFF'), hex('24000000'), ascii('WAVE')])],
    ['an MP4', hex('0000001866747970 69736f6d')],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });

  it('catches a declared type the bytes do not match', () => {
    expect(isDeclaredImageType(hex('ffd8ffe0'), 'image/png')).toBe(false);
    expect(isDeclaredImageType(hex('ffd8ffe0'), ' IMAGE/JPEG ')).toBe(true);
  });

  it('reads only the head of a stream', async () => {
    const stream = Readable.from([hex('ffd8'), hex('ffe0 0010'), Buffer.alloc(1024 * 1024)]);
    const head = await readHead(stream);
    expect(head.length).toBe(12);
    expect(sniffImageType(head)).toBe('image/jpeg');
    expect(stream.destroyed).toBe(true);
    expect((await readHead(Readable.from([hex('ff')]))).length).toBe(1);
  });
});
