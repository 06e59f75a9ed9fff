import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

/**
 * The app's log setup (pino through Fastify). Two layers, so that nothing secret or personal
 * reaches a log line whatever code logs it:
 * - field redaction: headers and fields that carry tokens or personal data, by path;
 * - line redaction: every serialized line passes through redactLine, which masks signed-URL
 *   signatures, tokens (JWTs, Shopify tokens, bearer credentials) and phone numbers wherever
 *   they appear (an access log's URL, an error message, a message string).
 * Errors are logged without their SQL parameters or the database's detail (both carry the
 * stored values: names, emails, phone numbers).
 */

const CENSOR = '[redacted]';

/** Fields (at the top of a log object or one level down) that carry secrets or personal data. */
const REDACTED_FIELDS = [
  'authorization',
  'cookie',
  'token',
  'accessToken',
  'access_token',
  'idToken',
  'id_token',
  'sessionToken',
  'password',
  'secret',
  'phone',
  'phoneNumber',
  'email',
];
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-shopify-hmac-sha256"]',
  ...REDACTED_FIELDS,
  ...REDACTED_FIELDS.map((field) => `*.${field}`),
];

/** Query parameters whose value is a credential or personal data. */
const SECRET_PARAMS =
  /([?&;](?:sig|signature|x-amz-signature|x-amz-credential|x-amz-security-token|token|id_token|access_token|session|hmac|phone|code|email)=)[^&"\s\\]*/gi;
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const SHOPIFY_TOKEN = /\bshp(?:at|ca|ss|ua|pa)_[A-Za-z0-9]+/g;
const BEARER = /(Bearer\s+)[^\s"\\]+/gi;
/** E.164-like numbers, raw or with an encoded plus (a phone in a URL). */
const PHONE = /(?:\+|%2B)\d[\d\s().-]{5,18}\d/gi;

/** Masks signatures, tokens and phone numbers in one serialized log line. */
export function redactLine(line: string): string {
  return line
    .replace(SECRET_PARAMS, `$1${CENSOR}`)
    .replace(JWT, CENSOR)
    .replace(SHOPIFY_TOKEN, CENSOR)
    .replace(BEARER, `$1${CENSOR}`)
    .replace(PHONE, CENSOR);
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" keeps the SQL and loses the values. */
function withoutParams(text: string | undefined): string {
  return (text ?? '').replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: LoggedError;
}

/** An error as logged: type, message, stack, code and cause; no params, detail or values. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: CENSOR, stack: '' };
  const fields = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: withoutParams(error.message),
    stack: depth === 0 ? withoutParams(error.stack) : '',
    ...(fields.code !== undefined && { code: fields.code }),
    ...(fields.statusCode !== undefined && { statusCode: fields.statusCode }),
    ...(error.cause !== undefined &&
      depth < 3 && { cause: serializeError(error.cause, depth + 1) }),
  };
}

/** Fastify's logger option: level, redaction, serializers, and a destination for tests. */
export function loggerOptions(
  level: string,
  destination?: Writable,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { err: serializeError, error: serializeError },
    hooks: { streamWrite: redactLine },
    ...(destination && { stream: destination }),
  };
}
