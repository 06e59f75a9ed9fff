/** Every user-visible text of push notifications, exactly as spec 03 §5 and §8 write them (typos kept). */
export const NOTIFICATION_MESSAGES = {
  required: 'Required field',
  leadTime: 'Please select future time, 4 minutes ahead of current time',
  dateAndTime: 'Please select date and time',
  deleted: 'Scheduled Notification Deleted Sucessfully',
  deleteFailed: 'Failed to delete scheduled notification',
  listFailed: 'Failed to fecth scheduled notification list',
  scheduled: 'Notification scheduled successfully',
  sent: 'Notification sent successfully',
  sendFailed: 'Failed to sent notification',
  compose: 'Compose Push Notification',
  /** Ours (the spec has none): a date outside yesterday .. one month ahead, or off the 5-minute grid. */
  outOfRange: 'Please select a date from yesterday to one month ahead',
  offGrid: 'Please select a time in 5-minute steps',
  /** Ours: a sent notification cannot be deleted (spec 03 §4). */
  sentNotDeletable: 'A sent notification cannot be deleted',
  pushDisabled: 'Push notifications are turned off for this store',
} as const;
