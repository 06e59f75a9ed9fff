export type {
  ComposeNotification,
  NotificationStatus,
  ScheduledNotification,
} from './contract';
export { devicesContract, notificationsContract } from './contract';
export * from './limits';
export { NOTIFICATION_MESSAGES } from './messages';
export type { NotificationRoute } from './route';
export { parseRoute, routePathOf } from './route';
export {
  localDateTime,
  pickedSchedule,
  scheduleError,
  scheduleWindow,
  timeSlots,
  zonedInstant,
} from './schedule';
export { singleQuotes, textError } from './text';
