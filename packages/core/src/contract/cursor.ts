import { z } from 'zod';

/**
 * The one page-cursor format of every paged call: base64url of the position's JSON. Callers treat
 * it as opaque; the server that wrote it reads it back against the position's schema, and anything
 * it did not write (bad base64, bad JSON, another shape) reads as null.
 */
export interface PageCursor<S extends z.ZodType> {
  encode(position: z.input<S>): string;
  decode(cursor: string): z.output<S> | null;
}

/** JSON with every non-ASCII character escaped, so each character is one byte of the base64. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export function pageCursor<S extends z.ZodType>(position: S): PageCursor<S> {
  return {
    encode: (value) =>
      z.util.uint8ArrayToBase64url(Uint8Array.from(asciiJson(value), (c) => c.charCodeAt(0))),
    decode: (cursor) => {
      try {
        const json = String.fromCharCode(...z.util.base64urlToUint8Array(cursor));
        const parsed = position.safeParse(JSON.parse(json));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
