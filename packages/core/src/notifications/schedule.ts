import { SCHEDULE_LEAD_MINUTES, SCHEDULE_MONTHS_AHEAD, SCHEDULE_STEP_MINUTES } from './limits';
import { NOTIFICATION_MESSAGES as M } from './messages';

/**
 * Scheduling rules (spec 03 §2, §5) in the shop's time zone: dates from yesterday to one month
 * ahead, times in 5-minute steps, past times hidden today, at least 4 minutes ahead. Days are
 * 'YYYY-MM-DD' and times 'HH:MM' of the shop's clock; instants are Dates.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** One formatter per zone: making one costs far more than using it (the picker asks 288 times). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function parts(instant: Date, timeZone: string) {
  const found = formatter(timeZone).formatToParts(instant);
  const get = (type: string) => found.find((part) => part.type === type)?.value ?? '00';
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
    second: Number(get('second')),
  };
}

/** How far the zone's clock is ahead of UTC at an instant (ms). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const local = parts(instant, timeZone);
  const asUtc = Date.parse(`${local.day}T${local.time}:${String(local.second).padStart(2, '0')}Z`);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The shop's day and time of an instant. */
export function localDateTime(instant: Date, timeZone: string): { day: string; time: string } {
  const { day, time } = parts(instant, timeZone);
  return { day, time };
}

/**
 * The instant a day and time of the shop's clock name. A time skipped by a daylight-saving jump
 * keeps the offset before the jump, so it lands as far after the jump as it was inside it (02:30
 * of a 02:00→03:00 jump is 03:30); a repeated one takes its first occurrence.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The zone's offsets a day either side cover any one change of its clock around the time.
  const before = zoneOffsetMs(new Date(wall - DAY_MS), timeZone);
  const after = zoneOffsetMs(new Date(wall + DAY_MS), timeZone);
  const fitting = [wall - before, wall - after].filter(
    (at) => zoneOffsetMs(new Date(at), timeZone) === wall - at,
  );
  return new Date(fitting.length > 0 ? Math.min(...fitting) : wall - before);
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

function addMonths(day: string, n: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const last = new Date(Date.UTC(year, month - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + n, Math.min(date, last))).toISOString().slice(0, 10);
}

/** The days the date picker offers: yesterday to one month ahead (both included). */
export function scheduleWindow(now: Date, timeZone: string): { first: string; last: string } {
  const today = localDateTime(now, timeZone).day;
  return { first: addDays(today, -1), last: addMonths(today, SCHEDULE_MONTHS_AHEAD) };
}

/** The picker's times of a day, 5 minutes apart; today's past times are left out. */
export function timeSlots(day: string, now: Date, timeZone: string): string[] {
  const slots: string[] = [];
  for (let minute = 0; minute < 24 * 60; minute += SCHEDULE_STEP_MINUTES) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    if (zonedInstant(day, time, timeZone).getTime() >= now.getTime()) slots.push(time);
  }
  return slots;
}

/** Why a scheduled instant is refused (the spec's messages), or null. */
export function scheduleError(at: Date, now: Date, timeZone: string): string | null {
  const { first, last } = scheduleWindow(now, timeZone);
  const local = parts(at, timeZone);
  if (local.day < first || local.day > last) return M.outOfRange;
  const minute = Number(local.time.slice(3));
  if (minute % SCHEDULE_STEP_MINUTES !== 0 || local.second !== 0 || at.getMilliseconds() !== 0) {
    return M.offGrid;
  }
  if (at.getTime() < now.getTime() + SCHEDULE_LEAD_MINUTES * MINUTE_MS) return M.leadTime;
  return null;
}

/** The compose form's schedule: both day and time, or neither. Answers the instant or the error. */
export function pickedSchedule(
  picked: { day: string | null; time: string | null },
  now: Date,
  timeZone: string,
): { at: Date | null; error: string | null } {
  if (!picked.day && !picked.time) return { at: null, error: null };
  if (!picked.day || !picked.time) return { at: null, error: M.dateAndTime };
  const at = zonedInstant(picked.day, picked.time, timeZone);
  return { at, error: scheduleError(at, now, timeZone) };
}
