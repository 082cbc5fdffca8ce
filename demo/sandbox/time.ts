/**
 * Calendar arithmetic in the market's time zone. Texas retail dates (start dates, "today", business hours, ages) are
 * local dates in America/Chicago, not UTC ones: near midnight the two differ by a day.
 */

export const TIME_ZONE = 'America/Chicago';

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallTime(ms: number): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter.formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(ms: number): string {
  const w = wallTime(ms);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Offset of local time from UTC at an instant, in ms (negative in Texas: -5 or -6 hours by DST). */
export function offsetAt(ms: number): number {
  const w = wallTime(ms);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant at which the local clock shows `date` `hour:minute:second`. */
export function localToInstant(date: string, hour = 0, minute = 0, second = 0): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour, minute, second);
  const first = guess - offsetAt(guess);
  // Near a DST change the offset at the guess can differ from the offset at the answer: correct once.
  return guess - offsetAt(first);
}

export function isValidDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Same day of month `months` later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The last day of a contract term that starts on `start`: the day before the same date `months` later. */
export function contractEndDate(start: string, months: number): string {
  return addDays(addMonths(start, months), -1);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isWeekday(date: string): boolean {
  const w = weekday(date);
  return w >= 1 && w <= 5;
}

/** Whole years between a birth date and a date (both YYYY-MM-DD): an age as a person counts it. */
export function yearsBetween(birth: string, on: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  let years = y - by;
  if (m < bm || (m === bm && d < bd)) years -= 1;
  return years;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
