import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { basicShop } from '../../test/carousel-fixture';
import { renderApp } from '../../test/render-app';
import { expectToast, pageTitle } from '../../test/toasts';

const SETTINGS = '/api/shopify/shop/popclips/settings';
const stored = {
  hidePopClipsOnPDP: false,
  showViewsOnPopClips: true,
  showLikesOnPopClips: true,
  enableShopFeaturesBuyBtn: false,
};

async function openSettings() {
  const view = renderApp({
    path: '/popclips/settings',
    shop: basicShop(),
    routes: {
      [`GET ${SETTINGS}`]: { body: { data: stored } },
      [`POST ${SETTINGS}`]: (_r, body) => ({ body: { success: true, data: body } }),
    },
  });
  await pageTitle('Popclips Settings');
  await screen.findByRole('checkbox', { name: 'Show views on Popclips' });
  return view;
}

describe('Popclips settings', () => {
  it('shows the stored toggles; a change raises the save bar and saving posts all four', async () => {
    const view = await openSettings();
    expect(screen.getByRole('checkbox', { name: 'Show views on Popclips' })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Hide Popclips on product pages' }),
    ).not.toBeChecked();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Show the Buy button on Popclips' }),
    );
    await screen.findByText('Unsaved changes');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast(POPCLIP_TOASTS.settingsSaved);
    expect(view.calls('POST', SETTINGS)[0]?.body).toEqual({
      ...stored,
      enableShopFeaturesBuyBtn: true,
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Show the Buy button on Popclips' })).toBeChecked();
  });

  it('discards changes', async () => {
    const view = await openSettings();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hide Popclips on product pages' }));
    await screen.findByText('Unsaved changes');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(
      screen.getByRole('checkbox', { name: 'Hide Popclips on product pages' }),
    ).not.toBeChecked();
    expect(view.calls('POST', SETTINGS)).toHaveLength(0);
  });

  it('a change back to the stored value hides the save bar', async () => {
    await openSettings();
    const box = screen.getByRole('checkbox', { name: 'Show likes on Popclips' });
    await userEvent.click(box);
    await screen.findByText('Unsaved changes');
    await userEvent.click(box);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });
});
