import { popupSigningInput } from '@popstage/core/banners';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_TOKEN } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { pageTitle } from '../../test/toasts';
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
    // The banner hides at once; the dismissal goes out once signed (WebCrypto is asynchronous).
    await waitFor(() =>
      expect(view.calls('PUT', '/api/popclips/shop-popups/dismiss')).toHaveLength(1),
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

/** What the server answers for a page (its targeting is tested in banners.test.ts): `banner` on
 * pages under `prefix`, nothing elsewhere. */
const targeted = (prefix: string, banner: object) => (request: Request) => {
  const page = new URL(request.url).searchParams.get('renderUrl') ?? '';
  return { body: { data: page.startsWith(prefix) ? [banner] : [] } };
};

/** The fakes a mobile screen loads (an app not yet requested). */
const MOBILE_ROUTES = {
  'GET /api/store/v1/app-config': { body: { data: null } },
  'GET /api/store/v1/app-setup': {
    body: {
      data: { dunsCompletedAt: 0, iosDevCompletedAt: 0, addDevEmailCompletedAt: 0 },
      plan: { name: 'basic', android: false, downloadsMax: 1000, higherTier: false },
    },
  },
  'GET /api/shopify/shop/mobile/app-request': { body: { data: null } },
  'GET /api/mobile/catalogue/collections': { body: { data: [] } },
};

describe('promo banners on mobile screens and external calls to action', () => {
  it('shows a banner targeted at /mobile/* on a mobile screen, asked with that screen’s path', async () => {
    const mobileBanner = {
      ...BANNER,
      rule_id: '22222222-2222-4222-8222-222222222222',
      heading_text: 'Your branded app',
      render_url: '/mobile/*',
      extras: { cta_text: 'Finish setup', cta_link: '/mobile/setup' },
    };
    const view = renderApp({
      path: '/mobile/custom-menu',
      shop: readyShop(),
      routes: {
        ...MOBILE_ROUTES,
        'GET /api/popclips/shop-popups': targeted('/mobile/', mobileBanner),
      },
    });
    await pageTitle('Mobile App Builder');
    const banner = await screen.findByRole('region', { name: 'Your branded app' });
    // An app path stays in the app: no new tab.
    const cta = within(banner).getByRole('link', { name: 'Finish setup' });
    expect(cta).toHaveAttribute('href', '/mobile/setup');
    expect(cta).not.toHaveAttribute('target');
    const asked = view
      .calls('GET', '/api/popclips/shop-popups')
      .map((call) => new URL(call.request.url).searchParams.get('renderUrl'));
    expect(asked).toContain('/mobile/custom-menu');
  });

  it('opens an external call to action in a new tab, without access to the app', async () => {
    const external = {
      ...BANNER,
      rule_id: '33333333-3333-4333-8333-333333333333',
      heading_text: 'Join the live selling webinar',
      is_external_cta_link: true,
      extras: { cta_text: 'Register', cta_link: 'https://popstage.app/webinar' },
    };
    renderApp({
      path: '/insights',
      shop: readyShop(),
      routes: { 'GET /api/popclips/shop-popups': targeted('/insights', external) },
    });
    const banner = await screen.findByRole('region', { name: 'Join the live selling webinar' });
    const cta = within(banner).getByRole('link', { name: /Register/ });
    expect(cta).toHaveAttribute('href', 'https://popstage.app/webinar');
    expect(cta).toHaveAttribute('target', '_blank');
    expect(cta.getAttribute('rel')).toContain('noopener');
  });
});
