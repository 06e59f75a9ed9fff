import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ALL_DONE,
  appRequest,
  COMPLETE_SETUP_FORM,
  cardOf,
  mobileRoutes,
  SUBMITTED_CONFIG,
  submittedShop,
} from '../../test/mobile-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle, toastTexts } from '../../test/toasts';
import type { SetupForm } from './setup/setup-form';

const DRAFT_KEY = 'popstage:mobile-setup:demo-store.myshopify.com';
const REQUEST_PATH = '/api/shopify/shop/mobile/app-request';

const COMPLETE = COMPLETE_SETUP_FORM;

afterEach(() => localStorage.clear());

function renderSetup(draft: Partial<SetupForm> | null, routes: FakeRoutes = {}) {
  if (draft) localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...COMPLETE, ...draft }));
  return renderApp({
    path: '/mobile/setup',
    shop: readyShop(),
    routes: { ...mobileRoutes({ setup: ALL_DONE }), ...routes },
  });
}

/** Opens the Submit card and presses Submit. */
async function pressSubmit() {
  await screen.findByRole('checkbox', { name: /D-U-N-S/ });
  await userEvent.click(within(cardOf('6. Submit')).getByRole('button', { name: 'Show' }));
  const submit = screen.getByRole('button', { name: 'Submit' });
  await waitFor(() => expect(submit).toBeEnabled());
  await userEvent.click(submit);
}

const isOpen = (heading: string) =>
  within(cardOf(heading))
    .getByRole('button', { name: /Show|Hide/ })
    .getAttribute('aria-expanded');

describe('Setup Mobile App: notes and plan', () => {
  it('states the LLC rule and the 2-3 weeks, and the plan’s platforms and downloads', async () => {
    renderSetup(null);
    await pageTitle('Mobile App Builder');
    expect(
      await screen.findByText(
        'Mobile apps are only for LLCs. Your app is ready 2-3 weeks after submission.',
      ),
    ).toBeVisible();
    expect(
      await screen.findByText(/Mobile Basic: iOS \(Android from Pro\), 1,000 app downloads\./),
    ).toBeVisible();
    await userEvent.click(within(cardOf('6. Submit')).getByRole('button', { name: 'Show' }));
    expect(
      screen.getByText(
        'Popstage builds your app and submits it to Apple and Google. It is ready 2-3 weeks after submission.',
      ),
    ).toBeVisible();
  });

  it('says it could not get the plan when the checklist and plan cannot be loaded (spec 03 §8)', async () => {
    renderApp({
      path: '/mobile/setup',
      shop: readyShop(),
      routes: mobileRoutes({ setupLoadStatus: 500 }),
    });
    expect(
      await screen.findByText('Failed to get plan information. Please contact support.'),
    ).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /D-U-N-S/ })).toBeNull();
    expect(screen.queryByText(/app downloads/)).toBeNull();
  });

  it('shows no such message when they load', async () => {
    renderSetup(null);
    await screen.findByRole('checkbox', { name: /D-U-N-S/ });
    expect(
      screen.queryByText('Failed to get plan information. Please contact support.'),
    ).toBeNull();
  });
});

describe('Setup Mobile App: Submit', () => {
  it('a colour that is not hex: the spec’s toast, and the images card opens with the error', async () => {
    const view = renderSetup({ primaryColor: '#12345' });
    await pressSubmit();
    await expectToast('Invalid hex code, ex. #f6f6f6');
    await waitFor(() => expect(isOpen('4. App Icon & Launch Screen')).toBe('true'));
    expect(isOpen('6. Submit')).toBe('false');
    expect(screen.getByText('Invalid hex code, ex. #f6f6f6')).toBeVisible();
    expect(view.calls('POST', REQUEST_PATH)).toHaveLength(0);
  });

  it('a support URL that does not parse: “fill out all required fields” opens Support Information', async () => {
    renderSetup({ supportUrl: 'https://not a url' });
    await pressSubmit();
    await expectToast('Please fill out all required fields');
    await waitFor(() => expect(isOpen('2. Support Information')).toBe('true'));
    expect(screen.getByText('Please enter a valid URL')).toBeVisible();
  });

  it('a failed submission says so and keeps the draft', async () => {
    const view = renderSetup(
      {},
      { [`POST ${REQUEST_PATH}`]: { status: 500, body: { error: 'x', message: 'x' } } },
    );
    await pressSubmit();
    await expectToast('Failed to submit app request. Please try again or contact support.');
    expect(toastTexts()).not.toContain('Successfully submitted the app request.');
    expect(view.calls('POST', REQUEST_PATH)).toHaveLength(1);
    expect(view.calls('POST', '/api/shopify/shop/app-request')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({
      desiredAppName: 'Demo Store',
    });
  });

  it('sends the request, links it to the shop, says so and drops the draft', async () => {
    const view = renderSetup(
      { desiredAppName: '  Demo Store  ' },
      {
        [`POST ${REQUEST_PATH}`]: { body: { data: appRequest() } },
        'POST /api/shopify/shop/app-request': { body: { success: true } },
      },
    );
    await pressSubmit();
    await expectToast('Successfully submitted the app request.');
    expect(view.calls('POST', REQUEST_PATH)[0]?.body).toMatchObject({
      request_type: 'VFSNewApp',
      desiredAppName: 'Demo Store',
      supportUrl: 'https://help.demo-store.example',
      collectionId: 'gid://shopify/Collection/1',
    });
    expect(view.calls('POST', '/api/shopify/shop/app-request')[0]?.body).toEqual({
      requestId: '41',
      skIdentifier: 'VFSNewApp#41',
    });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});

describe('Setup Mobile App once submitted', () => {
  it('shows the submitted request read-only: no field, step or Next can change it', async () => {
    renderApp({
      path: '/mobile/setup',
      shop: submittedShop(),
      routes: mobileRoutes({ setup: ALL_DONE, config: SUBMITTED_CONFIG, request: appRequest() }),
    });
    const step = await screen.findByRole('checkbox', { name: /D-U-N-S/ });
    expect(step).toBeChecked();
    expect(step).toBeDisabled();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    await userEvent.click(
      within(cardOf('2. Support Information')).getByRole('button', { name: 'Show' }),
    );
    expect(screen.getByLabelText('Support URL')).toHaveValue('https://help.demo-store.example');
    expect(screen.getByLabelText('Support URL')).toBeDisabled();

    await userEvent.click(within(cardOf('3. App Name')).getByRole('button', { name: 'Show' }));
    expect(screen.getByLabelText('Desired app name')).toHaveValue('Demo Store');
    for (const label of [
      'Company name',
      'Apple developer team ID',
      'Desired app name',
      'Alternative app name 1',
      'Alternative app name 2',
    ]) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }

    await userEvent.click(
      within(cardOf('4. App Icon & Launch Screen')).getByRole('button', { name: 'Show' }),
    );
    expect(screen.getByLabelText('Primary colour')).toHaveValue('#112233');
    expect(screen.getByLabelText('Primary colour')).toBeDisabled();

    await userEvent.click(within(cardOf('6. Submit')).getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Your app request has been submitted.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
