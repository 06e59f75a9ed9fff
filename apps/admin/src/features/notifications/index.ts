/** The notifications area's public face: the list on the mobile notifications tab, and
 * its first page for that screen's loader. */
export { firstNotificationsOptions } from './data';
export { NotificationsList } from './NotificationsList';
