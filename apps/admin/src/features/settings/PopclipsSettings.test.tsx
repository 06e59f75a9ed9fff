import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADDONS, subscriptionWith } from '../../test/billing-fixture';
import { basicShop, premiumShop } from '../../test/carousel-fixture';
import { renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle } from '../../test/toasts';

const SETTINGS = '/api/shopify/shop/popclips/settings';
const stored = {
  hidePopClipsOnPDP: false,
  showViewsOnPopClips: true,
  showLikesOnPopClips: true,
  enableShopFeaturesBuyBtn: false,
};

async function openSettings(shop = premiumShop()) {
  const view = renderApp({
    path: '/popclips/settings',
    shop,
    routes: {
      [`GET ${SETTINGS}`]: { body: { data: stored } },
      [`POST ${SETTINGS}`]: (_r, body) => ({ body: { success: true, data: body } }),
    },
  });
  await pageTitle('Popclips Settings');
  await screen.findByRole('checkbox', { name: /Show views on Popclips/ });
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

  it('locks "Show likes on Popclips" below Premium, with the upgrade', async () => {
    const view = await openSettings(basicShop());
    const likes = screen.getByRole('checkbox', { name: /Show likes on Popclips/ });
    expect(likes).toBeDisabled();
    expect(likes).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show views on Popclips' })).toBeEnabled();
    await userEvent.click(
      screen.getByRole('button', { name: 'Upgrade to Premium for show likes on popclips' }),
    );
    await pageTitle('Subscription');
    expect(view.pathname()).toBe('/manage/plans');
  });

  it('locks "Show views on Popclips" on Free, with the Basic upgrade', async () => {
    const view = await openSettings(
      readyShop({ subscription: subscriptionWith([ADDONS.popclipsFree]) }),
    );
    const views = screen.getByRole('checkbox', { name: /Show views on Popclips/ });
    expect(views).toBeDisabled();
    expect(views).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Show likes on Popclips/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Hide Popclips on product pages' })).toBeEnabled();
    await userEvent.click(
      screen.getByRole('button', { name: 'Upgrade to Basic for show views on popclips' }),
    );
    await pageTitle('Subscription');
    expect(view.pathname()).toBe('/manage/plans');
  });

  it('asks before leaving with unsaved changes: Stay keeps them, Leave page goes', async () => {
    const view = await openSettings();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hide Popclips on product pages' }));
    await screen.findByText('Unsaved changes');
    await act(() => view.router.navigate('/popclips/list'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave page with unsaved changes?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.pathname()).toBe('/popclips/settings');
    expect(screen.getByRole('checkbox', { name: 'Hide Popclips on product pages' })).toBeChecked();

    await act(() => view.router.navigate('/popclips/list'));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave page' }),
    );
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
    expect(view.calls('POST', SETTINGS)).toHaveLength(0);
  });

  it('leaves without asking when nothing changed', async () => {
    const view = await openSettings();
    await act(() => view.router.navigate('/popclips/list'));
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
    expect(screen.queryByText('Leave page with unsaved changes?')).toBeNull();
  });
});
