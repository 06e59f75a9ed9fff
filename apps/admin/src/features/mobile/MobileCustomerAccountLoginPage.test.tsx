import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mobileRoutes, shopDetailsAnswer } from '../../test/mobile-fixture';
import { type FakeAnswer, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, toastTexts } from '../../test/toasts';

const DOMAIN = 'https://demo-store.example';

function renderLogin(options: { savedId?: string | null; saveAnswer?: FakeAnswer } = {}) {
  return renderApp({
    path: '/mobile/setup-customer-account-login',
    shop: readyShop(),
    routes: {
      ...mobileRoutes(),
      'GET /api/shopify/shop-details': shopDetailsAnswer(options.savedId ?? null),
      'POST /api/shopify/shop-info': options.saveAnswer ?? { body: { success: true } },
    },
  });
}

/** The browser's clipboard (jsdom has none): writeText resolves, or rejects as when refused. */
function stubClipboard(allowed: boolean) {
  const writeText = vi.fn(async (_text: string) => {
    if (!allowed) throw new DOMException('Write permission denied.', 'NotAllowedError');
  });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

async function goToStep(step: number) {
  expect(await screen.findByText('Step 1 of 4')).toBeVisible();
  for (let at = 1; at < step; at += 1) {
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  }
  expect(screen.getByText(`Step ${step} of 4`)).toBeVisible();
}

describe('Setup Customer Account Login: the copy button (step 2)', () => {
  it('copies the store domain: “Copied domain name.”', async () => {
    const writeText = stubClipboard(true);
    renderLogin();
    await goToStep(2);
    expect(screen.getByText(DOMAIN)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await expectToast('Copied domain name.');
    expect(writeText).toHaveBeenCalledWith(DOMAIN);
  });

  it('says “Failed to copy” when the browser refuses', async () => {
    stubClipboard(false);
    renderLogin();
    await goToStep(2);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await expectToast('Failed to copy');
    expect(toastTexts()).not.toContain('Copied domain name.');
  });
});

describe('Setup Customer Account Login: the client id (step 3)', () => {
  it('a failed save names the id and stays on step 3', async () => {
    const view = renderLogin({
      saveAnswer: { status: 500, body: { error: 'x', message: 'x' } },
    });
    await goToStep(3);
    await userEvent.type(screen.getByLabelText('Customer Account API Client ID'), ' shp_abc ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectToast('Failed to save the Client ID (shp_abc).');
    expect(toastTexts()).not.toContain('Successfully saved the Client ID (shp_abc).');
    expect(view.calls('POST', '/api/shopify/shop-info')).toHaveLength(1);
    expect(screen.getByText('Step 3 of 4')).toBeVisible();
    expect(screen.queryByText(/Current Customer Account API Client ID/)).toBeNull();
  });

  it('refuses more than 40 characters without calling the server', async () => {
    const view = renderLogin();
    await goToStep(3);
    const field = screen.getByLabelText('Customer Account API Client ID');
    // The field stops at 40; a pasted longer value (no maxLength in the way) is refused too.
    field.removeAttribute('maxlength');
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(41));
    expect(field).toHaveValue('x'.repeat(41));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Please enter a valid Customer Account API Client ID'),
    ).toBeVisible();
    expect(view.calls('POST', '/api/shopify/shop-info')).toHaveLength(0);
  });
});

describe('Setup Customer Account Login once a client id is saved', () => {
  it('shows the current id and a support link', async () => {
    renderLogin({ savedId: 'shp_saved_123' });
    expect(await screen.findByText('shp_saved_123')).toBeVisible();
    expect(screen.getByText(/Current Customer Account API Client ID:/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:support@popstage.example',
    );
  });

  it('shows neither before one is saved', async () => {
    renderLogin();
    await goToStep(1);
    expect(screen.queryByText(/Current Customer Account API Client ID/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact support' })).toBeNull();
  });
});
