/**
 * The sandbox clock: real time plus an offset that tests and partners move forward, so that what takes days in the
 * real service (plan expiry, the 2-to-72-business-hour utility switch, start dates, usage history) happens on demand.
 * Time keeps flowing between adjustments, so a sandbox left running still progresses on its own.
 *
 * Business hours (a sandbox decision): Monday to Friday, 08:00 to 17:00 America/Chicago, no holidays. Nine business
 * hours a day, so 72 business hours is eight working days.
 */
import { addDays, isWeekday, localDate, localToInstant, TIME_ZONE, wallTime } from './time.js';

export const BUSINESS_HOURS = { timeZone: TIME_ZONE, days: 'Mon-Fri', open: 8, close: 17 } as const;

export type ClockListener = (now: Date, previous: Date) => void;

export interface ClockOptions {
  /** Source of real time (ms since epoch); tests inject one. */
  realNow?: () => number;
  /** Start the sandbox clock at this instant instead of the real now. */
  start?: Date | number;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Business hours in any seven days: five days of nine hours (no holidays, and no DST change falls inside them). */
const WEEK_OF_BUSINESS = 5 * (BUSINESS_HOURS.close - BUSINESS_HOURS.open) * HOUR;

/**
 * How far one clock move may go: ten years (3,650 days) ahead of the sandbox's now. The move itself does the work
 * of the days it skips (the pipeline, each new invoice's webhooks), about 120 invoices per active account for ten
 * years: 1.5 ms measured, against 15–20 ms for a century and 60 ms for four (per account), so the bound keeps one
 * move within a few milliseconds. A further move goes on from the new now.
 */
export const MAX_CLOCK_MOVE_DAYS = 3650;
export const MAX_CLOCK_MOVE_MS = MAX_CLOCK_MOVE_DAYS * DAY;

export class Clock {
  readonly #realNow: () => number;
  #offset = 0;
  readonly #listeners = new Set<ClockListener>();

  constructor(options: ClockOptions = {}) {
    this.#realNow = options.realNow ?? Date.now;
    if (options.start !== undefined) this.#offset = Number(options.start) - this.#realNow();
  }

  nowMs(): number {
    return this.#realNow() + this.#offset;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** Local date (America/Chicago) of the sandbox now. */
  today(): string {
    return localDate(this.nowMs());
  }

  get offsetMs(): number {
    return this.#offset;
  }

  /** Moves the clock forward; backwards moves go through `set` so they are deliberate. */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance takes a non-negative number of milliseconds');
    return this.#move(this.#offset + ms);
  }

  /**
   * Jumps to an instant, forward or back. Going back does not undo what already happened (a finalized enrollment
   * stays finalized); it only changes what "now" is from here on.
   */
  set(date: Date | number): Date {
    const target = Number(date);
    if (!Number.isFinite(target)) throw new RangeError('set takes a valid date');
    return this.#move(target - this.#realNow());
  }

  /** Calls the listener after every advance/set; returns an unsubscribe function. */
  onChange(listener: ClockListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  isBusinessTime(at: number = this.nowMs()): boolean {
    return isBusinessInstant(at);
  }

  /** The instant `hours` business hours after `from` (default now). */
  addBusinessHours(hours: number, from: number = this.nowMs()): Date {
    return new Date(addBusinessHours(from, hours));
  }

  /**
   * The same local time `days` business days after `from`: a plan priced on Friday 10:00 with 5 business days
   * expires the next Friday 10:00. From a weekend, counting starts from Monday at that time: priced on Sunday 10:00,
   * it expires the next Monday 10:00 (on Friday 10:00 it would have had four business days and a half).
   */
  addBusinessDays(days: number, from: number = this.nowMs()): Date {
    return new Date(addBusinessDays(from, days));
  }

  #move(offset: number): Date {
    const previous = this.now();
    this.#offset = offset;
    const now = this.now();
    for (const listener of [...this.#listeners]) listener(now, previous);
    return now;
  }
}

export function isBusinessInstant(ms: number): boolean {
  const w = wallTime(ms);
  return isWeekday(localDate(ms)) && w.hour >= BUSINESS_HOURS.open && w.hour < BUSINESS_HOURS.close;
}

function nextOpening(date: string): number {
  let d = addDays(date, 1);
  while (!isWeekday(d)) d = addDays(d, 1);
  return localToInstant(d, BUSINESS_HOURS.open);
}

export function addBusinessHours(from: number, hours: number): number {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError('hours must be a non-negative number');
  let remaining = Math.round(hours * HOUR);
  let t = from;
  // Whole weeks first: the same local time seven days later is exactly 45 business hours on. A remainder is kept, so
  // the walk below still decides where the last hour ends (a closing time rather than the next opening).
  const weeks = Math.floor((remaining - 1) / WEEK_OF_BUSINESS);
  if (weeks > 0) {
    const w = wallTime(t);
    t = localToInstant(addDays(localDate(t), 7 * weeks), w.hour, w.minute, w.second) + (t % 1000);
    remaining -= weeks * WEEK_OF_BUSINESS;
  }
  // Walk whole business periods (a day's remainder at a time) rather than minutes: at most a few dozen steps.
  for (;;) {
    const date = localDate(t);
    const w = wallTime(t);
    if (!isWeekday(date) || w.hour >= BUSINESS_HOURS.close) {
      if (remaining === 0) return t;
      t = nextOpening(date);
      continue;
    }
    if (w.hour < BUSINESS_HOURS.open) {
      if (remaining === 0) return t;
      t = localToInstant(date, BUSINESS_HOURS.open);
      continue;
    }
    const closing = localToInstant(date, BUSINESS_HOURS.close);
    if (remaining <= closing - t) return t + remaining;
    remaining -= closing - t;
    t = nextOpening(date);
  }
}

export function addBusinessDays(from: number, days: number): number {
  const w = wallTime(from);
  let date = localDate(from);
  // From a weekend, as from Monday at that time: a plan priced on Sunday has its five business days in full.
  while (!isWeekday(date)) date = addDays(date, 1);
  let count = 0;
  while (count < days) {
    date = addDays(date, 1);
    if (isWeekday(date)) count += 1;
  }
  return localToInstant(date, w.hour, w.minute, w.second);
}
