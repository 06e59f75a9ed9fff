import { describe, expect, it } from 'vitest';
import { isValidObjectKey, uploadObjectKey } from './keys';
import {
  type SignedFields,
  sign,
  signatureSecret,
  signedQuery,
  verify,
  verifySignedRequest,
} from './signing';

const secret = signatureSecret('0123456789abcdef0123456789abcdef');
const fields: SignedFields = {
  method: 'PUT',
  key: 'a/b.mp4',
  expires: 2_000_000_000,
  maxBytes: 100,
  contentType: 'video/mp4',
};
const query = (q: URLSearchParams) => Object.fromEntries(q.entries());

describe('URL signatures', () => {
  it('needs a secret of at least 32 bytes', () => {
    expect(() => signatureSecret('short')).toThrow(RangeError);
  });

  it('verifies what it signed, and nothing else', () => {
    const signature = sign(secret, fields);
    expect(verify(secret, fields, signature)).toBe(true);
    for (const change of [
      { method: 'GET' as const },
      { key: 'a/c.mp4' },
      { expires: fields.expires + 1 },
      { maxBytes: 101 },
      { contentType: 'text/html' },
      { contentLength: 5 },
    ]) {
      expect(verify(secret, { ...fields, ...change }, signature)).toBe(false);
    }
    expect(verify(signatureSecret('x'.repeat(32)), fields, signature)).toBe(false);
    expect(verify(secret, fields, 'short')).toBe(false);
    expect(verify(secret, fields, '')).toBe(false);
  });

  it('checks a request: signature first, then expiry', () => {
    const q = query(signedQuery(secret, fields));
    expect(verifySignedRequest(secret, 'PUT', 'a/b.mp4', q, fields.expires - 1)).toEqual({
      ok: true,
      fields,
    });
    expect(verifySignedRequest(secret, 'PUT', 'a/b.mp4', q, fields.expires)).toEqual({
      ok: false,
      reason: 'Request has expired',
    });
    expect(verifySignedRequest(secret, 'GET', 'a/b.mp4', q, 0)).toMatchObject({ ok: false });
    expect(
      verifySignedRequest(secret, 'PUT', 'a/b.mp4', { ...q, expires: '1e10' }, 0),
    ).toMatchObject({ ok: false, reason: 'Missing signature' });
  });
});

describe('object keys', () => {
  it('accepts safe segments only', () => {
    expect(isValidObjectKey('shops/1/clips/abc-1_2.mp4')).toBe(true);
    for (const key of ['', '/a', 'a/', 'a//b', '../a', 'a/./b', '.env', 'a b', 'a\\b', 'a?b']) {
      expect(isValidObjectKey(key)).toBe(false);
    }
    expect(isValidObjectKey('a/'.repeat(600).slice(0, -1))).toBe(false);
  });

  it('keeps only alphanumerics of an uploaded file name', () => {
    expect(uploadObjectKey(['shops', '1'], 'Summer Sale (v2).MP4')).toBe(
      'shops/1/SummerSalev2.mp4',
    );
    expect(uploadObjectKey(['t'], '<script>.png')).toBe('t/script.png');
    expect(uploadObjectKey(['t'], '%2e%2e%2f.mov')).toBe('t/2e2e2f.mov');
  });
});
