import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** What every refused request is told; the same wording for a NUL byte and a broken character. */
export const MALFORMED_TEXT = 'The request contains a NUL byte or a malformed character';

/**
 * True when a string can be stored and compared as text: PostgreSQL refuses NUL in text (a 500
 * deep in a handler), and a lone UTF-16 surrogate has no UTF-8 form (stored as U+FFFD, so what is
 * read back is not what was written).
 */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Walks a parsed value (keys and strings, at any depth) without recursion: a deeply nested body
 * must not exhaust the stack. Buffers and streams (raw bodies) are not parsed text and are skipped.
 */
export function hasUncleanText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isCleanText(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object' && !isRawBody(item)) {
      for (const [key, entry] of Object.entries(item)) {
        if (!isCleanText(key)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

/** Bytes and streams: bodies left unparsed (uploads, signed webhooks). */
function isRawBody(value: object): boolean {
  return ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function';
}

/**
 * One place, before any handler: a path parameter, query or parsed body carrying a NUL byte or a
 * lone surrogate answers 400, before validation. Webhook bodies stay raw until their HMAC is
 * checked and are checked when parsed (shopify-webhooks.ts).
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      hasUncleanText(request.params) ||
      hasUncleanText(request.query) ||
      hasUncleanText(request.body)
    ) {
      throw badRequest(MALFORMED_TEXT);
    }
  });
}
