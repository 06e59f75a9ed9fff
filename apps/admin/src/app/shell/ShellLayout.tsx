import { guardRoute, navigationItems } from '@popstage/core/routing';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useHost } from '../host/HostContext';
import { SHOP_LOAD_ERROR_MESSAGE } from '../shop/load-shop';
import { hasMobileAppLink } from '../shop/mobile-app-links';
import { ShopContext } from '../shop/ShopContext';
import { useShopQuery } from '../shop/shop-query';
import { AccessDeniedPage } from './AccessDeniedPage';
import { LoadingScreen } from './LoadingScreen';
import { ShopLoadErrorPage } from './ShopLoadErrorPage';
import { useChargeDeclinedNotice } from './use-charge-declined-notice';

/**
 * Parent of every route: loads the shop, fills the navigation menu and applies the route guards
 * (packages/core guardRoute) before any page renders.
 */
export function ShellLayout() {
  const host = useHost();
  const { pathname } = useLocation();
  const { data: shop, isError, errorUpdatedAt, isFetching, refetch } = useShopQuery();
  useChargeDeclinedNotice();

  // One toast per failed load that stands (a screen loader's failed load is retried on mount).
  useEffect(() => {
    if (errorUpdatedAt > 0 && !isFetching) {
      host.showToast(SHOP_LOAD_ERROR_MESSAGE, { error: true });
    }
  }, [errorUpdatedAt, isFetching, host]);

  useEffect(() => {
    if (!shop) return;
    const deactivated = shop.featureFlags.deactivate_shop;
    host.setNavigation(
      deactivated
        ? []
        : navigationItems({
            enabledFeatures: shop.enabledFeatures,
            hasMobileAppLink: hasMobileAppLink(shop),
          }),
    );
  }, [shop, host]);

  // A failed background refetch keeps the shop we have; only a failed first load stops here.
  if (!shop) {
    return isError ? (
      <ShopLoadErrorPage retrying={isFetching} onRetry={() => void refetch()} />
    ) : (
      <LoadingScreen />
    );
  }

  const decision = guardRoute(pathname, shop);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  return (
    <ShopContext.Provider value={shop}>
      {decision.kind === 'accessDenied' ? <AccessDeniedPage {...decision} /> : <Outlet />}
    </ShopContext.Provider>
  );
}
