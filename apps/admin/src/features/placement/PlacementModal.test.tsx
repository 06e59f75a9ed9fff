import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { basicShop, premiumShop } from '../../test/carousel-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle } from '../../test/toasts';
import { CUSTOM_PLACEMENT_LOCKED } from './PlacementModal';

const SHOP_READ = '/api/shopify/shop/demo-store.myshopify.com';

function routes(positions: Record<string, unknown> = {}): FakeRoutes {
  return {
    'GET /api/shopify/shop/popclips/settings': {
      body: {
        data: {
          hidePopClipsOnPDP: false,
          showViewsOnPopClips: true,
          showLikesOnPopClips: true,
          enableShopFeaturesBuyBtn: false,
        },
      },
    },
    [`GET ${SHOP_READ}`]: {
      body: { data: { shopifyDomain: 'demo-store.myshopify.com', shopName: 'Demo', ...positions } },
    },
    'POST /api/shopify/shop-info': (_r, body) => ({ body: { success: true, data: body } }),
  };
}

async function openMiniplayer(shop = premiumShop(), positions: Record<string, unknown> = {}) {
  const view = renderApp({ path: '/popclips/settings', shop, routes: routes(positions) });
  await pageTitle('Popclips Settings');
  await userEvent.click(await screen.findByRole('button', { name: 'Miniplayer placement' }));
  const dialog = await screen.findByRole('dialog', { name: 'Miniplayer placement' });
  await within(dialog).findByRole('radio', { name: 'Bottom Left Corner' });
  return { view, dialog };
}

describe('placement modal', () => {
  it('starts at the bottom left corner and saves the defaults for both devices', async () => {
    const { view, dialog } = await openMiniplayer();
    expect(within(dialog).getByRole('radio', { name: 'Bottom Left Corner' })).toBeChecked();
    expect(within(dialog).getByText('Mobile: 0% from the left, 75% from the top')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desktop' }));
    expect(within(dialog).getByText('Desktop: 0% from the left, 57% from the top')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(POPCLIP_TOASTS.miniplayerPlacementSaved);
    expect(view.calls('POST', '/api/shopify/shop-info').map((c) => c.body)).toEqual([
      { key: 'miniplayer_position_mobile_web', value: { xAxis: 0, yAxis: 75 } },
      { key: 'miniplayer_position_mobile_app', value: { xAxis: 0, yAxis: 57 } },
    ]);
  });

  it('moves the marker in custom placement and reads stored positions back', async () => {
    const { view, dialog } = await openMiniplayer(premiumShop(), {
      miniplayer_position_mobile_web: { xAxis: 20, yAxis: 40 },
    });
    expect(within(dialog).getByRole('radio', { name: 'Custom Placement' })).toBeChecked();
    expect(within(dialog).getByText('Mobile: 20% from the left, 40% from the top')).toBeVisible();
    const marker = within(dialog).getByRole('button', { name: 'Miniplayer placement on mobile' });
    fireEvent.keyDown(marker, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(marker, { key: 'ArrowDown' });
    expect(within(dialog).getByText('Mobile: 30% from the left, 41% from the top')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(POPCLIP_TOASTS.miniplayerPlacementSaved);
    expect(view.calls('POST', '/api/shopify/shop-info')[0]?.body).toEqual({
      key: 'miniplayer_position_mobile_web',
      value: { xAxis: 30, yAxis: 41 },
    });
  });

  it('locks custom placement below premium', async () => {
    const { dialog } = await openMiniplayer(basicShop());
    expect(within(dialog).getByRole('radio', { name: /Custom Placement/ })).toBeDisabled();
    expect(within(dialog).getByText(CUSTOM_PLACEMENT_LOCKED)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Upgrade plan' })).toBeVisible();
  });

  it('opens from the featured toggle of a new clip and keeps the choice for the clip', async () => {
    const view = renderApp({
      path: '/popclips/create',
      shop: readyShop({ subscription: premiumShop().subscription }),
      routes: routes(),
    });
    await pageTitle('Create Popclip');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Feature this Popclip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Featured Popclip placement' });
    await within(dialog).findByRole('radio', { name: 'Bottom Left Corner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Saved with the clip once it is created (CreatePopclipPage.test.tsx), not before.
    expect(view.calls('POST', '/api/shopify/shop-info')).toEqual([]);
  });
});
