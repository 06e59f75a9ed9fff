import { popupSigningInput } from '@popstage/core/banners';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_TOKEN } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { hmacHex } from './sign-popup-request';

const BANNER = {
  rule_id: '11111111-1111-4111-8111-111111111111',
  rule_name: 'Upgrade',
  is_active: true,
  heading_text: 'Get more views',
  render_html: '<p>Upgrade <strong>today</strong></p>',
  render_url: null,
  is_external_cta_link: false,
  extras: { cta_text: 'See plans', cta_link: '/manage/plans' },
};

/** The request's signature as the server checks it. */
async function expectSigned(request: Request, body: string) {
  const url = new URL(request.url);
  const timestamp = request.headers.get('x-popstage-timestamp') ?? '';
  expect(Math.abs(Date.now() - Number(timestamp))).toBeLessThan(60_000);
  const expected = await hmacHex(
    TEST_TOKEN,
    popupSigningInput({
      timestamp,
      method: request.method,
      pathWithQuery: `${url.pathname}${url.search}`,
      body,
    }),
  );
  expect(request.headers.get('x-popstage-authorization')).toBe(`Bearer ${expected}`);
}

describe('promo banners in the page shell', () => {
  it('shows the page’s banners from a signed call, and a dismissal hides one for good', async () => {
    const user = userEvent.setup();
    const view = renderApp({
      path: '/insights',
      shop: readyShop(),
      routes: {
        'GET /api/popclips/shop-popups': { body: { data: [BANNER] } },
        'PUT /api/popclips/shop-popups/dismiss': {
          body: { data: { rule_id: BANNER.rule_id, dismissed_at: new Date().toISOString() } },
        },
      },
    });
    const banner = await screen.findByRole('region', { name: 'Get more views' });
    expect(within(banner).getByText('today').tagName).toBe('STRONG');
    expect(within(banner).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/manage/plans',
    );
    const [get] = view.calls('GET', '/api/popclips/shop-popups');
    if (!get) throw new Error('no shop-popups call');
    expect(new URL(get.request.url).searchParams.get('shopId')).toBe('demo-store.myshopify.com');
    expect(new URL(get.request.url).searchParams.get('renderUrl')).toBe('/insights');
    await expectSigned(get.request, '');

    await user.click(within(banner).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Get more views' })).toBeNull(),
    );
    const [put] = view.calls('PUT', '/api/popclips/shop-popups/dismiss');
    expect(put?.body).toEqual({ shop_id: 'demo-store.myshopify.com', rule_id: BANNER.rule_id });
    if (put) await expectSigned(put.request, JSON.stringify(put.body));
  });

  it('signs as the server does (the known vector of banners.test.ts)', async () => {
    const message = popupSigningInput({
      timestamp: '1700000000000',
      method: 'put',
      pathWithQuery: '/api/popclips/shop-popups/dismiss',
      body: '{"a":1}',
    });
    expect(await hmacHex('token', message)).toBe(
      '1b56bf712e09e38b9df29318f813805ae0b3e80182f240780bbd80d61bf83145',
    );
  });
});
