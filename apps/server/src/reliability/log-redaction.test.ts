import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../http/errors';
import { loggerOptions, redactLine, serializeError } from '../http/logging';

/**
 * Findings: each 500 logged the full SQL parameters (personal data included); signed upload and
 * download URLs went to the access log, and so did phone numbers in check-phone URLs.
 */
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

const PHONE = '+15551234567';
const EMAIL = 'shopper@example.com';
const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJodHRwczovL2RlbW8tc3RvcmUubXlzaG9waWZ5LmNvbS9hZG1pbiJ9.c2lnbmF0dXJlLWJ5dGVz';
const SIGNATURE = 'Zm9vYmFyYmF6cXV4c2lnbmF0dXJl';

const app = Fastify({ logger: loggerOptions('info', sink) });
installErrorHandling(app);
app.get('/api/shopify/shop/check-phone', async () => ({ ok: true }));
app.get('/media/*', async () => ({ ok: true }));
app.get('/fails', async () => {
  throw new DrizzleQueryError(
    'insert into "accounts" ("email", "phone") values ($1, $2)',
    [EMAIL, PHONE],
    Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: `Key (email)=(${EMAIL}) already exists.`,
    }),
  );
});
app.get('/logs-fields', async (request) => {
  request.log.info(
    { token: 'shpat_0123456789abcdef', account: { phone: PHONE, email: EMAIL } },
    `sent a code to ${PHONE} with ${JWT}`,
  );
  return { ok: true };
});

beforeAll(async () => {
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const logged = () => lines.join('\n');

describe('log lines', () => {
  it('carry no phone number from a check-phone URL', async () => {
    await app.inject({
      url: `/api/shopify/shop/check-phone?phone=${encodeURIComponent(PHONE)}`,
      headers: { authorization: `Bearer ${JWT}` },
    });
    await app.inject({ url: `/api/shopify/shop/check-phone?phone=${PHONE}` });
    expect(logged()).toContain('check-phone');
    expect(logged()).not.toContain('5551234567');
    expect(logged()).not.toContain(JWT);
  });

  it('carry no signature of a signed media or S3 URL', async () => {
    await app.inject({ url: `/media/clips/a.mp4?expires=1&type=video%2Fmp4&sig=${SIGNATURE}` });
    await app.inject({
      url: `/media/x?X-Amz-Credential=AKIAEXAMPLE%2F20260101&X-Amz-Signature=${SIGNATURE}`,
    });
    expect(logged()).toContain('/media/clips/a.mp4');
    expect(logged()).not.toContain(SIGNATURE);
    expect(logged()).not.toContain('AKIAEXAMPLE');
  });

  it('of a 500 carry the failed SQL but no parameter or database detail', async () => {
    const res = await app.inject({ url: '/fails' });
    expect(res.statusCode).toBe(500);
    const line = lines.find((entry) => entry.includes('unexpected error'));
    expect(line).toBeDefined();
    expect(line).toContain('insert into');
    expect(line).toContain('23505');
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('5551234567');
  });

  it('carry no token, phone or email a handler logs, in fields or in the message', async () => {
    await app.inject({ url: '/logs-fields' });
    const line = lines.find((entry) => entry.includes('sent a code'));
    expect(line).toBeDefined();
    expect(line).not.toContain('shpat_');
    expect(line).not.toContain('5551234567');
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(JWT);
  });
});

describe('redactLine and serializeError', () => {
  it('keep what is not secret', () => {
    expect(redactLine('{"url":"/api/shopify/popclips?page=2&sort=new","ms":12}')).toBe(
      '{"url":"/api/shopify/popclips?page=2&sort=new","ms":12}',
    );
  });
  it('mask an encoded phone, a bearer token and a Shopify token', () => {
    expect(redactLine('phone=%2B447911123456 Bearer abc.def shpca_123abc')).toBe(
      'phone=[redacted] Bearer [redacted] [redacted]',
    );
  });
  it('keep the cause of an error without its values', () => {
    const error = new DrizzleQueryError(
      'select 1 where a = $1',
      ['secret-value'],
      new Error('boom'),
    );
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).toContain('select 1 where a = $1');
    expect(serialized).toContain('boom');
    expect(serialized).not.toContain('secret-value');
  });
});
