/** The notifications area's public face: the list on the mobile notifications tab. */
export { NotificationsList } from './NotificationsList';
