import { mobileEntryPath } from '@popstage/core/routing';
import { Navigate } from 'react-router-dom';
import { hasMobileAppLink } from '../../../app/shop/mobile-app-links';
import { useShop } from '../../../app/shop/ShopContext';

/**
 * /mobile opens the notification screens once an app exists, its setup before (spec 01 §2.3).
 * A redirect only: no loader.
 */
export function Component() {
  const shop = useShop();
  return <Navigate to={mobileEntryPath(hasMobileAppLink(shop))} replace />;
}
