import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, parseTokenKey } from './token-cipher';

const hexKey = randomBytes(32).toString('hex');
const b64Key = randomBytes(32).toString('base64');

describe('token cipher', () => {
  it('round-trips, never stores the plain value, and differs each time (random IV)', () => {
    const cipher = createTokenCipher(hexKey);
    const a = cipher.encrypt('shpat_secret');
    const b = cipher.encrypt('shpat_secret');
    expect(a).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(a).not.toContain('shpat_secret');
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe('shpat_secret');
  });

  it('refuses a tampered value and a key it does not have', () => {
    const cipher = createTokenCipher(hexKey);
    const stored = cipher.encrypt('shpat_secret');
    const parts = stored.split(':');
    const body = Buffer.from(parts[5] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[5] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join(':'))).toThrow();
    expect(() => createTokenCipher(b64Key).decrypt(stored)).toThrow(/unknown key/);
  });

  it('rotates: a new key encrypts, the previous one still decrypts', () => {
    const old = createTokenCipher(hexKey).encrypt('shpat_old');
    const rotated = createTokenCipher(b64Key, [hexKey]);
    expect(rotated.decrypt(old)).toBe('shpat_old');
    expect(rotated.encrypt('x').split(':')[2]).not.toBe(old.split(':')[2]);
  });

  it('reads a value stored before encryption as it is', () => {
    expect(createTokenCipher(hexKey).decrypt('shpat_plain')).toBe('shpat_plain');
  });

  it('takes 32-byte keys only', () => {
    expect(parseTokenKey(hexKey)).toHaveLength(32);
    expect(parseTokenKey(b64Key)).toHaveLength(32);
    expect(() => parseTokenKey('short')).toThrow(/32 bytes/);
  });
});
