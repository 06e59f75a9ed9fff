import { ACCOUNT_MESSAGES, OTP_MESSAGES } from '@popstage/core/account';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountlessShop, challenge, failure, OTP_CONFIG } from '../../../test/account-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { expectToast, pageTitle, toastTexts } from '../../../test/toasts';
import { readPendingVerification } from '../otp-session';

const available: FakeRoutes = {
  'POST /api/shopify/shop/connections/commentsold/check-email': { body: { emailAvailable: true } },
  'GET /api/shopify/shop/check-phone': { body: { data: { is_phone_available: true } } },
  'GET /api/shopify/shop/account/otp-config': OTP_CONFIG,
  'POST /api/shopify/shop/account/otp/send': { status: 201, body: { data: challenge() } },
};

async function openForm(
  routes: FakeRoutes = {},
  path = '/account/create',
  shop = accountlessShop(),
) {
  const view = renderApp({ path, shop, routes: { ...available, ...routes } });
  await pageTitle('Create Account');
  return view;
}

async function fill({ email = 'merchant@example.com', phone = '555-123-4567', terms = true } = {}) {
  if (email) await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
  if (phone) await userEvent.type(screen.getByRole('textbox', { name: 'Phone number' }), phone);
  if (terms) await userEvent.click(screen.getByRole('checkbox'));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('Create Account page', () => {
  it('asks for e-mail, country code (+1), phone and the terms', async () => {
    await openForm();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Country code' })).toHaveValue('+1');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  });

  it('leaves the e-mail out once the store account exists', async () => {
    await openForm({}, '/account/create', accountlessShop({ csStoreCreated: true }));
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('shows every validation message on an empty submit and sends nothing', async () => {
    const view = await openForm();
    await submit();
    expect(screen.getByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Please enter a valid phone number')).toBeVisible();
    expect(
      screen.getByText('You must accept the Terms of Service and Privacy Policy to proceed.'),
    ).toBeVisible();
    expect(view.calls('POST', '/api/shopify/shop/account/otp/send')).toHaveLength(0);
  });

  it('checks the phone on every change, country code included', async () => {
    await openForm();
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await userEvent.type(phone, '555');
    expect(screen.getByText('Please enter a valid phone number')).toBeVisible();
    await userEvent.type(phone, '1234567');
    expect(screen.queryByText('Please enter a valid phone number')).toBeNull();
    const code = screen.getByRole('textbox', { name: 'Country code' });
    await userEvent.clear(code);
    await userEvent.type(code, '+0');
    expect(screen.getByText('Please enter a valid phone number')).toBeVisible();
  });

  it('shows an e-mail in use inline', async () => {
    const view = await openForm({
      'POST /api/shopify/shop/connections/commentsold/check-email': {
        body: { emailAvailable: false },
      },
    });
    await fill();
    await submit();
    expect(await screen.findByText('Email already in use')).toBeVisible();
    expect(view.calls('POST', '/api/shopify/shop/account/otp/send')).toHaveLength(0);
  });

  it('toasts a phone in use, asking with the plus encoded', async () => {
    const view = await openForm({
      'GET /api/shopify/shop/check-phone': { body: { data: { is_phone_available: false } } },
    });
    await fill();
    await submit();
    await expectToast('Phone number already in use');
    const [check] = view.calls('GET', '/api/shopify/shop/check-phone');
    expect(check?.request.url).toMatch(/\?phone=%2B15551234567$/);
    expect(view.calls('POST', '/api/shopify/shop/account/otp/send')).toHaveLength(0);
  });

  it('sends the code with the sandbox bot token, keeps the challenge and opens verify', async () => {
    const view = await openForm();
    await fill();
    await submit();
    await waitFor(() => expect(view.pathname()).toBe('/account/verify'));
    expect(toastTexts()).toContain('Sending OTP to phone number. Please wait...');
    expect(
      view.calls('POST', '/api/shopify/shop/connections/commentsold/check-email')[0]?.body,
    ).toEqual({
      email: 'merchant@example.com',
    });
    expect(view.calls('POST', '/api/shopify/shop/account/otp/send')[0]?.body).toEqual({
      phone: '+15551234567',
      botToken: 'sandbox-bot-check',
    });
    expect(readPendingVerification()).toMatchObject({
      email: 'merchant@example.com',
      challenge: { phone: '+15551234567' },
    });
    await pageTitle('Verify Account');
  });

  it('stays inside the Popclips account flow', async () => {
    const view = await openForm({}, '/popclips/account/create');
    await fill();
    await submit();
    await waitFor(() => expect(view.pathname()).toBe('/popclips/account/verify'));
  });

  it.each([
    [400, OTP_MESSAGES.invalidPhone],
    [409, ACCOUNT_MESSAGES.phoneInUse],
    [429, OTP_MESSAGES.tooManyRequests],
    [403, OTP_MESSAGES.signInFailed],
    [503, OTP_MESSAGES.signInFailed],
  ])('toasts the §8 text when sending answers %i', async (status, message) => {
    const view = await openForm({
      'POST /api/shopify/shop/account/otp/send': failure(status, 'server text'),
    });
    await fill();
    await submit();
    await expectToast(message);
    expect(view.pathname()).toBe('/account/create');
    expect(readPendingVerification()).toBeNull();
  });

  it('toasts the create-account failure when an availability check fails', async () => {
    await openForm({ 'GET /api/shopify/shop/check-phone': failure(500, 'boom') });
    await fill();
    await submit();
    await expectToast('Something went wrong while trying to create account. Please try again.');
  });
});
