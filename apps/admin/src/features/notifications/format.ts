import { formatDate } from '@popstage/core/format';
import { localDateTime } from '@popstage/core/notifications';

/** 'Nov 26, 2026 09:15' in the shop's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  return `${formatDate(iso, timeZone)} ${localDateTime(new Date(iso), timeZone).time}`;
}
