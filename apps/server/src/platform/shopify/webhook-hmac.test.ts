import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signShopifyWebhook, verifyShopifyWebhook } from './webhook-hmac';

const secret = 'shpss_webhook_secret';
const body = Buffer.from('{"app_subscription":{"status":"ACTIVE"}}');
const valid = createHmac('sha256', secret).update(body).digest('base64');

describe('verifyShopifyWebhook', () => {
  it('accepts the base64 HMAC-SHA256 of the raw body', () => {
    expect(verifyShopifyWebhook(body, valid, secret)).toBe(true);
    expect(signShopifyWebhook(body, secret)).toBe(valid);
  });

  it('rejects another body, another secret, or a tampered signature', () => {
    expect(verifyShopifyWebhook(Buffer.from(`${body} `), valid, secret)).toBe(false);
    expect(verifyShopifyWebhook(body, valid, 'another-secret')).toBe(false);
    const tampered = `${valid[0] === 'A' ? 'B' : 'A'}${valid.slice(1)}`;
    expect(verifyShopifyWebhook(body, tampered, secret)).toBe(false);
  });

  it('reads the header without surrounding blanks', () => {
    expect(verifyShopifyWebhook(body, ` ${valid}\t`, secret)).toBe(true);
    expect(verifyShopifyWebhook(body, ` ${valid.slice(1)} `, secret)).toBe(false);
  });

  it('rejects a missing or empty header', () => {
    expect(verifyShopifyWebhook(body, undefined, secret)).toBe(false);
    expect(verifyShopifyWebhook(body, '', secret)).toBe(false);
  });

  it('rejects a header of the wrong length without throwing', () => {
    expect(verifyShopifyWebhook(body, valid.slice(0, 20), secret)).toBe(false);
    expect(verifyShopifyWebhook(body, `${valid}AAAA`, secret)).toBe(false);
    // Hex of the right digest is the right secret, wrong encoding.
    const hex = createHmac('sha256', secret).update(body).digest('hex');
    expect(verifyShopifyWebhook(body, hex, secret)).toBe(false);
  });
});
