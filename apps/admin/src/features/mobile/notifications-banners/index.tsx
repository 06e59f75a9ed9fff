import type { ScreenLoader } from '../../../lib/screen';
import { firstNotificationsOptions } from '../../notifications';
import { MobileNotificationsBannersPage } from '../MobileNotificationsBannersPage';

/** /mobile/notifications-banners (spec 03 §2). */
export function Component() {
  return <MobileNotificationsBannersPage />;
}

/** The first page of the scheduled notifications. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(firstNotificationsOptions(api));
};
