import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PolarisRouterLink } from '../../app/shell/PolarisRouterLink';
import { renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { pageTitle } from '../../test/toasts';
import { StartLiveSellingCard } from './StartLiveSellingCard';

describe('Manage Live Sales', () => {
  it('with live: Go Live opens the dashboard in a new tab', async () => {
    renderApp({ path: '/live', shop: readyShop({ dashboardUrl: 'https://live.example/dash' }) });
    await pageTitle('Manage Live Sales');
    expect(screen.getByRole('heading', { name: 'Start Live Selling' })).toBeVisible();
    expect(within(screen.getByRole('main')).getAllByRole('listitem')).toHaveLength(5);
    const goLive = screen.getByRole('link', { name: 'Go Live' });
    expect(goLive).toHaveAttribute('href', 'https://live.example/dash');
    expect(goLive).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute(
      'href',
      'https://help.popstage.example',
    );
  });

  // The route guard sends a shop without live to '/', so the card is checked on its own here.
  it('without live: Get Started leads to the plans', () => {
    render(
      <AppProvider i18n={en} linkComponent={PolarisRouterLink}>
        <MemoryRouter>
          <StartLiveSellingCard liveEnabled={false} dashboardUrl={null} learnMoreUrl="https://h" />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/manage/plans',
    );
    expect(screen.queryByRole('link', { name: 'Go Live' })).toBeNull();
  });
});
