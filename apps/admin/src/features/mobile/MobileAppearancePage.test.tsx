import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pickedFile } from '../../test/image-decoding';
import {
  appConfig,
  mobileRoutes,
  SUBMITTED_CONFIG,
  submittedShop,
} from '../../test/mobile-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle, toastTexts } from '../../test/toasts';

const SAVE_PATH = '/api/store/v1/app-config';

function renderAppearance(options: { submitted: boolean; routes?: FakeRoutes; config?: object }) {
  return renderApp({
    path: '/mobile/appearance',
    shop: options.submitted ? submittedShop() : readyShop(),
    routes: {
      ...mobileRoutes({ config: { ...SUBMITTED_CONFIG, ...options.config } }),
      ...options.routes,
    },
  });
}

const saveBar = () => screen.queryByRole('region', { name: 'Unsaved changes' });

async function editBannerTitle(text: string) {
  const field = await screen.findByLabelText('Banner title');
  await userEvent.clear(field);
  await userEvent.type(field, text);
  return field;
}

describe('Appearance before the app request is submitted', () => {
  it('shows “Setup Not Completed” and no save bar, whatever is changed', async () => {
    const view = renderAppearance({ submitted: false });
    await pageTitle('Mobile App Builder');
    expect(await screen.findByText('Setup Not Completed')).toBeVisible();
    const field = await editBannerTitle('Winter sale');
    expect(field).toHaveValue('Winter sale');
    // The preview follows the edit, but nothing offers to save it.
    expect(within(screen.getByTestId('phone-preview')).getByText('Winter sale')).toBeVisible();
    // The host draws its save bar after a tick (as the submitted case below shows): give it one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saveBar()).toBeNull();
    expect(view.calls('POST', SAVE_PATH)).toHaveLength(0);
  });
});

describe('Appearance after submission', () => {
  it('a failed save says so and keeps the edit and the save bar', async () => {
    const view = renderAppearance({
      submitted: true,
      routes: { [`POST ${SAVE_PATH}`]: { status: 500, body: { error: 'x', message: 'x' } } },
    });
    const field = await editBannerTitle('Winter sale');
    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Save' }));
    await expectToast('Failed to save the changes. Please try again or contact support.');
    expect(toastTexts()).not.toContain('Successfully saved the changes');
    expect(view.calls('POST', SAVE_PATH)[0]?.body).toMatchObject({ bannerTitle: 'Winter sale' });
    expect(field).toHaveValue('Winter sale');
    expect(saveBar()).not.toBeNull();
  });

  it('saves through the save bar with the spec’s toast, and the bar goes', async () => {
    const view = renderAppearance({
      submitted: true,
      routes: {
        [`POST ${SAVE_PATH}`]: (_request, body) => ({
          body: { data: { ...SUBMITTED_CONFIG, ...(body as object) } },
        }),
      },
    });
    await editBannerTitle('Winter sale');
    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Save' }));
    await expectToast('Successfully saved the changes');
    expect(view.calls('POST', SAVE_PATH)[0]?.body).toMatchObject({
      bannerTitle: 'Winter sale',
      collectionId: 'gid://shopify/Collection/1',
      showInventoryLimit: 10,
    });
    await waitFor(() => expect(saveBar()).toBeNull());
  });

  it('needs a featured collection to save', async () => {
    const view = renderAppearance({
      submitted: true,
      config: { featuredShopifyCollectionGid: null },
    });
    await editBannerTitle('Winter sale');
    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Save' }));
    await expectToast('Please select a featured collection before saving.');
    expect(view.calls('POST', SAVE_PATH)).toHaveLength(0);
  });

  it('checks the fields before saving: inventory, colours, banner texts', async () => {
    const view = renderAppearance({ submitted: true });
    const inventory = await screen.findByLabelText('Show the stock left when it is at most');
    await userEvent.clear(inventory);
    await userEvent.type(inventory, '-3');
    await userEvent.clear(screen.getByLabelText('Banner colour'));
    await userEvent.clear(screen.getByLabelText('Primary colour'));
    await userEvent.type(screen.getByLabelText('Primary colour'), '#12');
    await userEvent.clear(screen.getByLabelText('Live banner text'));
    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Please enter a valid input Please enter positive in inventory display.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Invalid hex code, ex. #f6f6f6')).toBeVisible();
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    expect(view.calls('POST', SAVE_PATH)).toHaveLength(0);
  });
});

describe('Appearance: header logo', () => {
  it('a dropped file that is not an image is refused with a toast, and nothing is uploaded', async () => {
    const view = renderAppearance({ submitted: true, config: appConfig() });
    const input = await screen.findByLabelText('Header logo');
    fireEvent.change(input, { target: { files: [pickedFile('logo.pdf', 'application/pdf')] } });
    await expectToast('Selected file must be a gif, jpg or png image');
    expect(view.calls('GET', '/api/store/v1/files/signed-link')).toHaveLength(0);
    expect(saveBar()).toBeNull();
  });
});
