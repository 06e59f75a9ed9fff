import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  POPUP_SIGNATURE_MESSAGES as M,
  POPUP_AUTHORIZATION_HEADER,
  POPUP_SIGNATURE_WINDOW_MS,
  POPUP_TIMESTAMP_HEADER,
  popupSigningInput,
} from '@popstage/core/banners';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import type { Clock } from '../../platform/clock';

/** The hex HMAC-SHA256 of a call, keyed by its session token (core/banners/signature.ts). */
export function popupSignature(
  token: string,
  parts: { timestamp: string; method: string; pathWithQuery: string; body: string },
): string {
  return createHmac('sha256', token).update(popupSigningInput(parts)).digest('hex');
}

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * JSON bodies of the plugin's routes are kept as sent, so the signature is checked over the
 * bytes the admin signed rather than over a re-serialisation.
 */
export function keepRawJsonBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request, text);
    try {
      done(null, text === '' ? undefined : JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The body is not valid JSON'), undefined);
    }
  });
}

/** Refuses (401) a call without a valid timestamp and hashed bearer authorization. */
export function requirePopupSignature(clock: Clock) {
  return async (request: FastifyRequest) => {
    const timestamp = header(request, POPUP_TIMESTAMP_HEADER);
    const authorization = header(request, POPUP_AUTHORIZATION_HEADER);
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const given = /^Bearer ([0-9a-f]{64})$/.exec(authorization ?? '')?.[1];
    if (!timestamp || !given || !token) throw new HttpError(401, M.missing);
    const sentAt = /^\d{1,16}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
    if (!(Math.abs(clock.now().getTime() - sentAt) <= POPUP_SIGNATURE_WINDOW_MS)) {
      throw new HttpError(401, M.stale);
    }
    const expected = popupSignature(token, {
      timestamp,
      method: request.method,
      pathWithQuery: request.url,
      body: rawBodies.get(request) ?? '',
    });
    if (!timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
      throw new HttpError(401, M.invalid);
    }
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
