import type { FeatureId } from '@popstage/core/shop';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { readyShop } from '../../../test/shop-fixture';

async function navigationFor(enabledFeatures: FeatureId[], path = '/insights') {
  const view = renderApp({ path, shop: readyShop({ enabledFeatures }) });
  const nav = await screen.findByRole('navigation');
  const links = () => within(nav).getAllByRole('link');
  return { view, nav, links };
}

describe('sandbox navigation menu', () => {
  it('lists every item in order when mobile and live are enabled', async () => {
    const { links } = await navigationFor(['popclips', 'mobile', 'live']);
    expect(links().map((link) => link.textContent)).toEqual([
      'Home',
      'Popclips: Shoppable Videos',
      'Mobile App Builder',
      'Live Stream Selling',
      'Insights',
      'Resources',
      'Subscription',
    ]);
    expect(links().map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/popclips',
      '/mobile/setup',
      '/live',
      '/insights',
      '/resources',
      '/manage/plans',
    ]);
  });

  it('hides Mobile App Builder and Live Stream Selling without their features', async () => {
    const { links } = await navigationFor(['popclips']);
    const labels = links().map((link) => link.textContent);
    expect(labels).not.toContain('Mobile App Builder');
    expect(labels).not.toContain('Live Stream Selling');
    expect(labels).toContain('Insights');
  });

  it('marks the current section and navigates without a reload', async () => {
    const { view, nav } = await navigationFor(['popclips'], '/insights');
    expect(within(nav).getByRole('link', { name: 'Insights' })).toHaveClass(
      'Polaris-Navigation__Item--selected',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Resources' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    expect(view.pathname()).toBe('/resources');
  });
});
