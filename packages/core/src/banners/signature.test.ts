import { describe, expect, it } from 'vitest';
import { popupSigningInput } from './signature';

describe('promo banner call signatures', () => {
  it('sign the timestamp, the upper-cased method, the path with its query and the body, one per line', () => {
    expect(
      popupSigningInput({
        timestamp: '1700000000000',
        method: 'post',
        pathWithQuery: '/api/popups?a=1',
        body: '{"x":1}',
      }),
    ).toBe('1700000000000\nPOST\n/api/popups?a=1\n{"x":1}');
    expect(
      popupSigningInput({ timestamp: '1', method: 'GET', pathWithQuery: '/p', body: '' }),
    ).toBe('1\nGET\n/p\n');
  });
});
