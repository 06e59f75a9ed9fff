import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed URLs of the local adapter: HMAC-SHA256 over the method, key, expiry and upload
 * conditions, so none of them can be changed without the secret. The canonical form is a JSON
 * array, which has no delimiter ambiguity.
 */

const VERSION = 'v1';
export const MIN_SECRET_BYTES = 32;

export interface SignedFields {
  method: 'PUT' | 'GET';
  key: string;
  /** Unix seconds. */
  expires: number;
  maxBytes?: number;
  contentType?: string;
  contentLength?: number;
}

/** The query parameters a signed URL carries. */
export const PARAM = {
  expires: 'expires',
  maxBytes: 'max',
  contentType: 'type',
  contentLength: 'length',
  signature: 'sig',
} as const;

export function signatureSecret(secret: string | Uint8Array): Buffer {
  const bytes = Buffer.from(secret);
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new RangeError(`the media signing secret needs at least ${MIN_SECRET_BYTES} bytes`);
  }
  return bytes;
}

function mac(secret: Buffer, fields: SignedFields): Buffer {
  const canonical = JSON.stringify([
    VERSION,
    fields.method,
    fields.key,
    fields.expires,
    fields.maxBytes ?? null,
    fields.contentType ?? null,
    fields.contentLength ?? null,
  ]);
  return createHmac('sha256', secret).update(canonical).digest();
}

export function sign(secret: Buffer, fields: SignedFields): string {
  return mac(secret, fields).toString('base64url');
}

/** Constant-time comparison of a presented signature with the expected one. */
export function verify(secret: Buffer, fields: SignedFields, signature: string): boolean {
  const presented = Buffer.from(signature, 'base64url');
  const expected = mac(secret, fields);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** The query string of a signed URL. */
export function signedQuery(secret: Buffer, fields: SignedFields): URLSearchParams {
  const query = new URLSearchParams({ [PARAM.expires]: String(fields.expires) });
  if (fields.maxBytes !== undefined) query.set(PARAM.maxBytes, String(fields.maxBytes));
  if (fields.contentType !== undefined) query.set(PARAM.contentType, fields.contentType);
  if (fields.contentLength !== undefined) {
    query.set(PARAM.contentLength, String(fields.contentLength));
  }
  query.set(PARAM.signature, sign(secret, fields));
  return query;
}

export type VerifyResult = { ok: true; fields: SignedFields } | { ok: false; reason: string };

const integer = (value: string | undefined) =>
  value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;

/** Reads and checks a request's signed query; expiry is checked after the signature. */
export function verifySignedRequest(
  secret: Buffer,
  method: 'PUT' | 'GET',
  key: string,
  query: Record<string, string | undefined>,
  nowSeconds: number,
): VerifyResult {
  const expires = integer(query[PARAM.expires]);
  const signature = query[PARAM.signature];
  if (expires === undefined || !signature) return { ok: false, reason: 'Missing signature' };
  const fields: SignedFields = { method, key, expires };
  if (method === 'PUT') {
    fields.maxBytes = integer(query[PARAM.maxBytes]);
    fields.contentType = query[PARAM.contentType];
    fields.contentLength = integer(query[PARAM.contentLength]);
    if (fields.maxBytes === undefined || fields.contentType === undefined) {
      return { ok: false, reason: 'Missing signature' };
    }
  }
  if (!verify(secret, fields, signature)) {
    return { ok: false, reason: 'The request signature does not match' };
  }
  if (nowSeconds >= expires) return { ok: false, reason: 'Request has expired' };
  return { ok: true, fields };
}
