import type { FeatureId } from '@popstage/core/shop';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';

/** The links of App Bridge's `<ui-nav-menu>`, which the admin draws as the app's menu. */
function menuLinks() {
  return [...document.querySelectorAll('ui-nav-menu a')].map((link) => ({
    label: link.textContent,
    href: link.getAttribute('href'),
    home: link.getAttribute('rel') === 'home',
  }));
}

async function menuFor(enabledFeatures: FeatureId[]) {
  renderApp({ path: '/insights', shop: readyShop({ enabledFeatures }) });
  await screen.findByRole('heading', { level: 1, name: 'Insights' });
  await waitFor(() => expect(menuLinks().length).toBeGreaterThan(0));
  return menuLinks();
}

describe('navigation menu', () => {
  it('gives App Bridge every item in order, Home first as the app home', async () => {
    const links = await menuFor(['popclips', 'mobile', 'live']);
    expect(links.map((link) => link.label)).toEqual([
      'Home',
      'Popclips: Shoppable Videos',
      'Mobile App Builder',
      'Live Stream Selling',
      'Insights',
      'Resources',
      'Subscription',
    ]);
    expect(links.map((link) => link.href)).toEqual([
      '/',
      '/popclips',
      '/mobile/setup',
      '/live',
      '/insights',
      '/resources',
      '/manage/plans',
    ]);
    expect(links.map((link) => link.home)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('leaves out Mobile App Builder and Live Stream Selling without their features', async () => {
    const labels = (await menuFor(['popclips'])).map((link) => link.label);
    expect(labels).not.toContain('Mobile App Builder');
    expect(labels).not.toContain('Live Stream Selling');
    expect(labels).toContain('Insights');
  });

  it('stays out of the page: App Bridge keeps its elements hidden', async () => {
    await menuFor(['popclips']);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Subscription' })).toBeNull();
  });
});
