import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cardOf, mobileRoutes, shopDetailsAnswer } from '../../test/mobile-fixture';
import { renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, isDisabled, pageTitle } from '../../test/toasts';

describe('mobile tabs and banners', () => {
  it('shows the five tabs, the status banners and the not-submitted notice', async () => {
    renderApp({
      path: '/mobile/appearance',
      shop: readyShop({
        mobileApp: {
          ...readyShop().mobileApp,
          iosStatus: 'review',
          androidStatus: 'blocked',
          customerIssue: 'Add a demo account',
        },
      }),
      routes: mobileRoutes(),
    });
    await pageTitle('Mobile App Builder');
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Notifications/Banners',
      'Appearance',
      'Custom Menu',
      'Setup Mobile App',
      'Setup Customer Account Login',
    ]);
    for (const title of [
      'Customer Action Required',
      'iOS App Under Review',
      'Android Approval Blocked',
    ]) {
      expect(await screen.findByText(title)).toBeVisible();
    }
    expect(screen.getByText('Setup Not Completed')).toBeVisible();
  });

  it('hides Setup Mobile App once submitted with a store link', async () => {
    renderApp({
      path: '/mobile/custom-menu',
      shop: readyShop({
        mobileApp: {
          ...readyShop().mobileApp,
          requestSubmitted: true,
          iosLink: 'https://apps.apple.com/app/id1',
        },
      }),
      routes: mobileRoutes(),
    });
    await pageTitle('Mobile App Builder');
    await screen.findByText('iOS App Live');
    expect(screen.queryByRole('tab', { name: 'Setup Mobile App' })).toBeNull();
    expect(screen.queryByText('Setup Not Completed')).toBeNull();
  });
});

describe('Setup Mobile App', () => {
  it('saves a checklist step at once and reverts it with the spec’s toast when the save fails', async () => {
    const view = renderApp({
      path: '/mobile/setup',
      shop: readyShop(),
      routes: mobileRoutes({ setupSaveStatus: 500 }),
    });
    const step = await screen.findByRole('checkbox', { name: /D-U-N-S/ });
    await userEvent.click(step);
    await expectToast('Failed to save step. Please try again or contact support.');
    await waitFor(() => expect(step).not.toBeChecked());
    expect(view.calls('POST', '/api/store/v1/app-setup')[0]?.body).toMatchObject({
      dunsCompletedAt: expect.any(Number),
    });
  });

  it('opens one card at a time, validates before moving on, and keeps Submit disabled until complete', async () => {
    renderApp({ path: '/mobile/setup', shop: readyShop(), routes: mobileRoutes() });
    await screen.findByRole('checkbox', { name: /D-U-N-S/ });
    await userEvent.click(
      within(cardOf('1. App Request Checklist')).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByText('Please complete all required steps')).toBeVisible();

    await userEvent.click(within(cardOf('3. App Name')).getByRole('button', { name: 'Show' }));
    await userEvent.click(within(cardOf('3. App Name')).getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('This is a required field')).length).toBe(5);

    await userEvent.click(
      within(cardOf('2. Support Information')).getByRole('button', { name: 'Show' }),
    );
    const url = screen.getByLabelText('Support URL');
    await userEvent.type(url, 'help.example.com');
    await userEvent.tab();
    expect(url).toHaveValue('https://help.example.com');

    await userEvent.click(within(cardOf('6. Submit')).getByRole('button', { name: 'Show' }));
    expect(isDisabled(screen.getByRole('button', { name: 'Submit' }))).toBe(true);
  });
});

describe('Setup Customer Account Login', () => {
  it('walks the four steps and saves the trimmed client id', async () => {
    const view = renderApp({
      path: '/mobile/setup-customer-account-login',
      shop: readyShop(),
      routes: {
        ...mobileRoutes(),
        'GET /api/shopify/shop-details': shopDetailsAnswer(null),
        'POST /api/shopify/shop-info': (_request: Request, body: unknown) => ({
          body: { success: true, data: body },
        }),
      },
    });
    expect(await screen.findByText('Step 1 of 4')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('https://demo-store.example')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 3 of 4')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Please enter a valid Customer Account API Client ID'),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Customer Account API Client ID'), '  shp_abc  ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectToast('Successfully saved the Client ID (shp_abc).');
    expect(view.calls('POST', '/api/shopify/shop-info')[0]?.body).toEqual({
      key: 'customerAccountClientId',
      value: 'shp_abc',
    });
    expect(await screen.findByText('Step 4 of 4')).toBeVisible();
  });
});
