import type { ScreenLoader } from '../../../lib/screen';
import { ComposeNotificationPage } from '../ComposeNotificationPage';
import { firstNotificationsOptions } from '../data';

/** /mobile/notification (spec 03 §2): compose a push notification. */
export function Component() {
  return <ComposeNotificationPage />;
}

/** The first page of notifications carries the shop's time zone the form schedules in. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(firstNotificationsOptions(api));
};
