import { buildSellerPayload } from '@popstage/core/account';
import type { Shop } from '@popstage/core/shop';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountlessShop, CHALLENGE_ID, challenge, failure } from '../../../test/account-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { expectToast, isDisabled, pageTitle, toastTexts } from '../../../test/toasts';
import { readPendingVerification, savePendingVerification } from '../otp-session';
import { CODE_SPENT_MESSAGE, LEAVE_BLOCKED_MESSAGE } from '../use-verify-flow';

const UID = 'Xy7pQ2rT9vLm3nB8kD4sF6hJ1wZ0';
const VERIFIED = {
  body: { data: { uid: UID, phone: '+15551234567', verifiedAt: '2026-01-01T00:00:00Z' } },
};
const STORE_CREATED = {
  body: { created: true, dashboardUrl: null, email: 'merchant@example.com' },
};
const STORE_PENDING = {
  body: { created: false, dashboardUrl: null, email: 'merchant@example.com' },
};
const SELLER = {
  body: {
    data: {
      sellerId: 's-1',
      dashboardUrl: 'https://live.example',
      popshopliveAccountCreated: true,
    },
  },
};

const success: FakeRoutes = {
  'POST /api/shopify/shop/account/otp/verify': VERIFIED,
  'POST /api/shopify/shop/connections/commentsold': { status: 202, ...STORE_PENDING },
  'GET /api/shopify/shop/connections/commentsold': STORE_CREATED,
  'POST /api/shopify/shop/psl-account': SELLER,
};

/** The shop answers "no account" until `created()` flips, as the server would after psl-account. */
function shopAfterCreation(before: Shop = accountlessShop()) {
  let created = false;
  const shop = () =>
    created ? { ...before, csStoreCreated: true, popshopliveAccountCreated: true } : before;
  return { shop, markCreated: () => (created = true) };
}

async function openVerify(
  routes: FakeRoutes,
  {
    shop = accountlessShop() as Shop | (() => Shop),
    path = '/account/verify',
    pending = challenge(),
  } = {},
) {
  savePendingVerification({ challenge: pending, email: 'merchant@example.com' });
  const view = renderApp({ path, shop, routes });
  await pageTitle('Verify Account');
  return view;
}

const codeField = () => screen.getByRole('textbox', { name: 'Confirmation code' });
const verifyButton = () => screen.getByRole('button', { name: /Verify$/ });

afterEach(() => {
  vi.useRealTimers();
});

/** Moves fake time on in small steps (each settling React) until `done()` or `maxMs`. */
async function advanceUntil(done: () => boolean, maxMs: number) {
  for (let elapsed = 0; elapsed < maxMs && !done(); elapsed += 250) {
    await act(() => vi.advanceTimersByTimeAsync(250));
  }
}

describe('Verify Account page', () => {
  it('sends the merchant back to create account without a code in progress', async () => {
    const view = renderApp({ path: '/account/verify', shop: accountlessShop() });
    await pageTitle('Create Account');
    expect(view.pathname()).toBe('/account/create');
  });

  it('keeps digits only, disables Verify under 6 and verifies by itself at the sixth', async () => {
    const view = await openVerify({
      'POST /api/shopify/shop/account/otp/verify': failure(400, 'x'),
    });
    expect(screen.getByText('+15551234567')).toBeVisible();
    await userEvent.type(codeField(), '12a3-45');
    expect(codeField()).toHaveValue('12345');
    expect(isDisabled(verifyButton())).toBe(true);
    expect(view.calls('POST', '/api/shopify/shop/account/otp/verify')).toHaveLength(0);
    await userEvent.type(codeField(), '6');
    await waitFor(() =>
      expect(view.calls('POST', '/api/shopify/shop/account/otp/verify')[0]?.body).toEqual({
        challengeId: CHALLENGE_ID,
        code: '123456',
      }),
    );
  });

  it.each([
    [400, 'Invalid confirmation code'],
    [410, 'Confirmation code has expired'],
    [404, 'Something went wrong while trying to verify OTP.'],
    [500, 'Something went wrong while trying to verify OTP.'],
  ])('shows the inline error for a %i', async (status, message) => {
    await openVerify({ 'POST /api/shopify/shop/account/otp/verify': failure(status, 'x') });
    await userEvent.type(codeField(), '123456');
    expect(await screen.findByText(message)).toBeVisible();
    expect(codeField()).not.toBeDisabled();
  });

  it('counts 60 seconds down before a re-send, then re-sends with a new countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const view = await openVerify({
      'POST /api/shopify/shop/account/otp/resend': () => ({
        body: {
          data: challenge({ resendAvailableAt: new Date(Date.now() + 60_000).toISOString() }),
        },
      }),
    });
    const resend = () => screen.getByRole('button', { name: /^Resend code/ });
    expect(resend()).toHaveTextContent('Resend code in 60s');
    expect(isDisabled(resend())).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(resend()).toHaveTextContent('Resend code in 30s');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(resend()).toHaveTextContent(/^Resend code$/);
    expect(isDisabled(resend())).toBe(false);
    await user.click(resend());
    await expectToast('Re-sending new OTP to phone number. Please wait...');
    await waitFor(() => expect(resend()).toHaveTextContent('Resend code in 60s'));
    expect(view.calls('POST', '/api/shopify/shop/account/otp/resend')[0]?.body).toEqual({
      challengeId: CHALLENGE_ID,
    });
  });

  it.each([
    [400, 'Invalid phone number.'],
    [502, 'Something went wrong while trying to re-send OTP.'],
    [404, 'Something went wrong while trying to re-send OTP.'],
  ])('toasts the re-send failure for a %i', async (status, message) => {
    await openVerify(
      { 'POST /api/shopify/shop/account/otp/resend': failure(status, 'x') },
      { pending: challenge({ resendAvailableAt: new Date(Date.now() - 1000).toISOString() }) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await expectToast(message);
  });

  it('blocks leaving while the code is being verified', async () => {
    const view = await openVerify({
      'POST /api/shopify/shop/account/otp/verify': () => new Promise(() => {}),
    });
    await userEvent.type(codeField(), '123456');
    await waitFor(() => expect(isDisabled(verifyButton())).toBe(true));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    // The admin's menu navigates the app's router (App Bridge), as this does.
    await act(() => view.router.navigate('/'));
    await expectToast(LEAVE_BLOCKED_MESSAGE);
    expect(view.pathname()).toBe('/account/verify');
  });

  it('creates both accounts, shows the checkmark, and reloads the shop 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { shop, markCreated } = shopAfterCreation();
    let reads = 0;
    const view = await openVerify(
      {
        ...success,
        // Created on the second read.
        'GET /api/shopify/shop/connections/commentsold': () =>
          ++reads < 2 ? STORE_PENDING : STORE_CREATED,
        'POST /api/shopify/shop/psl-account': () => {
          markCreated();
          return SELLER;
        },
      },
      { shop },
    );
    await user.type(codeField(), '123456');
    await waitFor(() =>
      expect(view.calls('POST', '/api/shopify/shop/connections/commentsold')).toHaveLength(1),
    );
    expect(view.calls('POST', '/api/shopify/shop/connections/commentsold')[0]?.body).toEqual({
      email: 'merchant@example.com',
    });
    await vi.advanceTimersByTimeAsync(4000);
    expect(await screen.findByRole('img', { name: 'Account created' })).toBeVisible();
    expect(view.calls('GET', '/api/shopify/shop/connections/commentsold')).toHaveLength(2);
    expect(view.calls('POST', '/api/shopify/shop/psl-account')[0]?.body).toEqual(
      buildSellerPayload({
        uid: UID,
        phoneNumber: '+15551234567',
        email: 'merchant@example.com',
        ownerName: 'Dana Demo',
        shopifyDomain: 'demo-store.myshopify.com',
        storeName: 'Demo Store',
      }),
    );
    expect(readPendingVerification()).toBeNull();

    const shopLoads = () => view.calls('GET', '/api/shopify/shop').length;
    const before = shopLoads();
    await vi.advanceTimersByTimeAsync(1500);
    expect(shopLoads()).toBe(before);
    await vi.advanceTimersByTimeAsync(600);
    await waitFor(() => expect(shopLoads()).toBe(before + 1));
    // The created flags move the guards on: account pages are left for landing.
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });

  it('reads the e-mail of an existing store account instead of creating one', async () => {
    const view = await openVerify(success, { shop: accountlessShop({ csStoreCreated: true }) });
    await userEvent.type(codeField(), '123456');
    await waitFor(() =>
      expect(view.calls('POST', '/api/shopify/shop/psl-account')).toHaveLength(1),
    );
    expect(view.calls('POST', '/api/shopify/shop/connections/commentsold')).toHaveLength(0);
    expect(view.calls('POST', '/api/shopify/shop/psl-account')[0]?.body).toMatchObject({
      email: 'merchant@example.com',
      username: 'Xy7pQ2rT',
      bio: 'Xy7pQ2',
    });
  });

  it('gives up after 20 reads of a store account that never comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const view = await openVerify({
      ...success,
      'GET /api/shopify/shop/connections/commentsold': STORE_PENDING,
    });
    await user.type(codeField(), '123456');
    await waitFor(() =>
      expect(view.calls('POST', '/api/shopify/shop/connections/commentsold')).toHaveLength(1),
    );
    const message = 'An error occured during account creation. Please contact support.';
    await advanceUntil(() => toastTexts().includes(message), 60_000);
    await expectToast('An error occured during account creation. Please contact support.');
    expect(view.calls('GET', '/api/shopify/shop/connections/commentsold')).toHaveLength(20);
    expect(view.calls('POST', '/api/shopify/shop/psl-account')).toHaveLength(0);
  });

  it('toasts a failed store account creation', async () => {
    await openVerify({
      ...success,
      'POST /api/shopify/shop/connections/commentsold': failure(503, 'x'),
    });
    await userEvent.type(codeField(), '123456');
    await expectToast('Failed to create CommentSold account. Please contact support.');
    // The code is spent: the page says what to do instead of a later 'has expired'.
    expect(await screen.findByText(CODE_SPENT_MESSAGE)).toBeVisible();
    expect(codeField()).toHaveValue('');
    expect(screen.getByRole('button', { name: /Resend code/ })).toBeVisible();
  });

  it('sends the merchant back to create account when the seller account fails', async () => {
    const view = await openVerify({
      ...success,
      'POST /api/shopify/shop/connections/commentsold': { status: 202, ...STORE_CREATED },
      'POST /api/shopify/shop/psl-account': failure(502, 'x'),
    });
    await userEvent.type(codeField(), '123456');
    await expectToast('Failed to create popshop.live account. Please contact support.');
    await waitFor(() => expect(view.pathname()).toBe('/account/create'));
    expect(readPendingVerification()).toBeNull();
  });

  it('asks for a refresh when the shop cannot be reloaded afterwards', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let loads = 0;
    const shop = () =>
      ++loads > 1 ? { status: 500, body: { error: 'x', message: 'x' } } : accountlessShop();
    await openVerify(
      {
        ...success,
        'POST /api/shopify/shop/connections/commentsold': { status: 202, ...STORE_CREATED },
      },
      { shop: shop as () => Shop },
    );
    await user.type(codeField(), '123456');
    await screen.findByRole('img', { name: 'Account created' });
    await vi.advanceTimersByTimeAsync(2100);
    await expectToast('Something went wrong. Please refresh & try again.');
    expect(toastTexts()).not.toContain(
      'Failed to create popshop.live account. Please contact support.',
    );
  });
});
