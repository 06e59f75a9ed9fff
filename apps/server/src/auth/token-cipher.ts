import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (deps.secrets: Shopify tokens, the storefront token, csToken, push device
 * tokens, operator TOTP secrets): AES-256-GCM with a 96-bit random IV, the key's id as associated
 * data. Stored as `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url). Rotation: a new current
 * key encrypts; previous keys still decrypt until `npm run secrets:reencrypt` has rewritten every
 * value under the current one (reencrypt-secrets.ts, docs/operations.md). A value without the
 * prefix was stored before encryption and is read as it is; re-encryption encrypts it.
 */
export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** What every value encrypted with the current key starts with (re-encryption finds the rest). */
  readonly currentPrefix: string;
}

const PREFIX = 'enc:v1:';

export class TokenKeyError extends Error {}

/** A 32-byte key written as 64 hex digits or base64 (standard or url-safe). */
export function parseTokenKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new TokenKeyError('must be 32 bytes, as 64 hex digits or base64');
  return key;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function createTokenCipher(current: string, previous: readonly string[] = []): TokenCipher {
  const currentKey = parseTokenKey(current);
  const currentId = keyId(currentKey);
  const keys = new Map(
    [currentKey, ...previous.map(parseTokenKey)].map((key) => [keyId(key), key]),
  );

  return {
    currentPrefix: `${PREFIX}${currentId}:`,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(Buffer.from(currentId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return `${PREFIX}${currentId}:${parts.join(':')}`;
    },
    decrypt(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [id = '', iv = '', tag = '', body = ''] = stored.slice(PREFIX.length).split(':');
      const key = keys.get(id);
      if (!key)
        throw new TokenKeyError(`a stored secret was encrypted with an unknown key (${id})`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(id));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
