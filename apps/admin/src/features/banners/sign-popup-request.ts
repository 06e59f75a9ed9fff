import {
  POPUP_AUTHORIZATION_HEADER,
  POPUP_TIMESTAMP_HEADER,
  popupSigningInput,
} from '@popstage/core/banners';
import type { RequestSigner } from '../../lib/api/client';

const encoder = new TextEncoder();

/** HMAC-SHA256 (WebCrypto) of the request keyed by its session token, as hex. */
export async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The promo banner calls' timestamp and hashed bearer authorization (core/banners/signature.ts). */
export function popupSigner(now: () => number = Date.now): RequestSigner {
  return async ({ token, method, path, body }) => {
    const timestamp = String(now());
    const signature = await hmacHex(
      token,
      popupSigningInput({ timestamp, method, pathWithQuery: path, body }),
    );
    return {
      [POPUP_TIMESTAMP_HEADER]: timestamp,
      [POPUP_AUTHORIZATION_HEADER]: `Bearer ${signature}`,
    };
  };
}
