/**
 * Deterministic synthetic energy usage for a service location, shaped like a Texas home: a summer peak driven by
 * air conditioning, morning and evening peaks in winter, more use at weekends, and for solar homes export to the
 * grid around midday. The same profile always yields the same numbers, so usage pages, invoices and tests agree.
 *
 * All energy is computed in integer watt-hours and summed before formatting, so an interval list, its day, and the
 * day's month always add up exactly in the kWh strings.
 */

import { hash, seededRandom } from './random.js';
import { addDays, isValidDate, localToInstant, offsetAt, TIME_ZONE } from './time.js';

/** Usage intervals are cut in the market's local time (DST days have 92 or 100 of them). */
export const USAGE_TIME_ZONE = TIME_ZONE;

export interface UsageProfile {
  /** Any stable string for the location, e.g. its ESI ID. */
  seed: string;
  /** First day with usage (YYYY-MM-DD). */
  historyStart: string;
  /** Last whole day with usage (YYYY-MM-DD); usage lags a day or two behind today. */
  lastDay: string;
  /** The meter is read no more (service ended): `lastDay` is final, and its month settled rather than an estimate. */
  ended?: boolean;
  solar: boolean;
  /** Yearly average of monthly grid use before solar; by default a seeded value between 1,100 and 1,200 kWh. */
  averageMonthlyKwh?: number;
}

export interface UsageInterval {
  start: string;
  end: string;
  import_kwh: string;
  export_kwh: string;
}

export interface MonthlyUsage {
  year: number;
  time_zone: typeof USAGE_TIME_ZONE;
  data: { month: string; import_kwh: string; export_kwh: string; is_estimate: boolean }[];
}

export interface DailyUsage {
  month: string;
  time_zone: typeof USAGE_TIME_ZONE;
  data: { date: string; import_kwh: string; export_kwh: string }[];
}

export interface IntervalUsage {
  month: string;
  time_zone: typeof USAGE_TIME_ZONE;
  data: { date: string; intervals: UsageInterval[] }[];
}

/** A malformed or out-of-range period; the router answers 400 with `fields: [{ field: parameter, code }]`. */
export class UsageRangeError extends Error {
  override readonly name = 'UsageRangeError';
  constructor(
    readonly parameter: 'year' | 'month' | 'date',
    readonly code: 'required' | 'format' | 'range',
    message: string,
  ) {
    super(message);
  }
}

// ---------- calendar helpers (dates as YYYY-MM-DD, computed in UTC so no host time zone leaks in) ----------

const DAY_MS = 86_400_000;
const SLOT_MS = 900_000;
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

function dateMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}
const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const lastDayOfMonth = (month: string): string =>
  isoDate(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));

/** Minutes to add to UTC to get Chicago wall time at the instant `utcMs` (-300 or -360). */
const offsetMinutes = (utcMs: number): number => Math.round(offsetAt(utcMs) / 60_000);

function isoLocal(utcMs: number, offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${new Date(utcMs + offset * 60_000).toISOString().slice(0, 19)}${sign}${hh}:${mm}`;
}

interface Slot {
  startMs: number;
  offset: number;
  /** Quarter hour of local wall time, 0–95; repeated on the fall-back day, skipped on the spring-forward day. */
  slot: number;
}

// Slots depend on the date alone, and Intl calls dominate the cost of a year of usage: remember them.
const slotCache = new Map<string, Slot[]>();
const SLOT_CACHE_MAX = 4000; // about eleven years of days

/** The 15-minute slots of a local day: 96, or 92 / 100 on the days clocks change. */
function daySlots(date: string): Slot[] {
  const cached = slotCache.get(date);
  if (cached) return cached;
  const slots = computeSlots(date);
  if (slotCache.size >= SLOT_CACHE_MAX) slotCache.clear();
  slotCache.set(date, slots);
  return slots;
}

function computeSlots(date: string): Slot[] {
  const start = localToInstant(date);
  const end = localToInstant(addDays(date, 1));
  const startOffset = offsetMinutes(start);
  const uniform = startOffset === offsetMinutes(end);
  const wallMidnight = dateMs(date);
  const slots: Slot[] = [];
  for (let t = start; t < end; t += SLOT_MS) {
    const offset = uniform ? startOffset : offsetMinutes(t);
    slots.push({ startMs: t, offset, slot: Math.floor((t + offset * 60_000 - wallMidnight) / SLOT_MS) });
  }
  return slots;
}

// ---------- the load model ----------

// kWh per month of a 1,200 kWh-average Texas home, Jan→Dec. Jan–Oct are the values a published Texas bill
// calculator (texaselectricityratings.com) shows for such a home; November and December are not shown there and are
// filled so the year sums to 14,400 kWh.
const MONTHLY_KWH = [1153, 1023, 890, 823, 886, 1267, 1640, 1739, 1675, 1355, 850, 1099];
const PROFILE_AVERAGE = 1200;

// Relative use by local hour. Summer: air conditioning climbs through the afternoon to a 5–7 pm peak.
// Winter: heating peaks before work and in the evening. Spring and autumn: a modest evening peak.
const SUMMER = [0.75, 0.7, 0.66, 0.63, 0.62, 0.64, 0.7, 0.75, 0.78, 0.82, 0.9, 1.0, 1.1, 1.2, 1.32, 1.42, 1.5, 1.55, 1.52, 1.42, 1.3, 1.15, 1.0, 0.85];
const WINTER = [0.7, 0.65, 0.62, 0.62, 0.66, 0.8, 1.1, 1.3, 1.2, 1.0, 0.9, 0.85, 0.82, 0.8, 0.8, 0.85, 0.95, 1.15, 1.35, 1.4, 1.3, 1.15, 0.95, 0.8];
const SHOULDER = [0.6, 0.55, 0.52, 0.5, 0.52, 0.6, 0.8, 0.95, 0.9, 0.85, 0.85, 0.88, 0.9, 0.92, 0.95, 1.0, 1.1, 1.25, 1.4, 1.45, 1.35, 1.15, 0.9, 0.72];

function dayOfYear(date: string): number {
  return (dateMs(date) - Date.UTC(Number(date.slice(0, 4)), 0, 1)) / DAY_MS;
}

/** Expected kWh of an average day at this time of year: monthly values placed mid-month, interpolated between. */
function seasonalDailyKwh(date: string): number {
  const t = (dayOfYear(date) / 365.25) * 12 - 0.5; // in months, 0 = mid-January
  const i = Math.floor(t);
  const frac = t - i;
  const at = (m: number): number => MONTHLY_KWH[(m + 12) % 12] / 30.44;
  return at(i) * (1 - frac) + at(i + 1) * frac;
}

function averageMonthly(profile: UsageProfile): number {
  return profile.averageMonthlyKwh ?? 1100 + (hash(`avg:${profile.seed}`) % 101);
}

/** Target grid-independent consumption of a whole (24-hour) day, in Wh. */
function dayTargetWh(date: string, profile: UsageProfile, rand: () => number): number {
  const weekday = new Date(dateMs(date)).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 1.07 : 0.97; // five weekdays and two weekend days average 1
  const dayNumber = dateMs(date) / DAY_MS;
  const phase = (hash(`weather:${profile.seed}`) % 1000) / 1000;
  // Weather moves in spells of days, not independently day to day.
  const weather =
    1 +
    0.07 * Math.sin((2 * Math.PI * dayNumber) / 6.3 + phase * 6.28) +
    0.05 * Math.sin((2 * Math.PI * dayNumber) / 15.7 + phase * 12.1) +
    0.06 * (rand() * 2 - 1);
  // One three-day cold snap each winter (storms spike use in Texas), placed per location and year.
  const year = date.slice(0, 4);
  const snapStart = addDays(`${year}-01-05`, hash(`snap:${profile.seed}:${year}`) % 45);
  const snap = date >= snapStart && date < addDays(snapStart, 3) ? 1.45 : 1;
  const scale = averageMonthly(profile) / PROFILE_AVERAGE;
  return seasonalDailyKwh(date) * 1000 * scale * weekend * weather * snap;
}

/** Relative weight of each of the 96 quarter hours of a nominal day. */
function slotWeights(date: string, weekday: boolean): number[] {
  const doy = dayOfYear(date);
  const summer = Math.max(0, Math.cos((2 * Math.PI * (doy - 200)) / 365));
  const winter = Math.max(0, Math.cos((2 * Math.PI * (doy - 20)) / 365));
  const shoulder = Math.max(0, 1 - summer - winter);
  const hourly = SUMMER.map((s, h) => {
    const w = (s * summer + WINTER[h] * winter + SHOULDER[h] * shoulder) / (summer + winter + shoulder);
    return weekday && h >= 9 && h < 16 ? w * 0.9 : w; // fewer people home on a weekday
  });
  // Interpolate between hour centres so the curve has no steps at the top of each hour.
  return Array.from({ length: 96 }, (_, k) => {
    const t = (k + 0.5) / 4 - 0.5;
    const h = Math.floor(t);
    const frac = t - h;
    return hourly[(h + 24) % 24] * (1 - frac) + hourly[(h + 1) % 24] * frac;
  });
}

// ---------- solar ----------

const LATITUDE = (31 * Math.PI) / 180; // central Texas
const LONGITUDE_HOURS = 97 / 15; // 97° W: solar noon is about 12:28 CST, 13:28 CDT

/** Panel output in W at a UTC instant under a clear sky, for a 1 kW (DC) array. */
function clearSkyWattsPerKw(utcMs: number, date: string): number {
  const declination = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + dayOfYear(date) + 1)) / 365);
  const utcHours = (utcMs % DAY_MS) / 3_600_000;
  const hourAngle = ((utcHours - LONGITUDE_HOURS - 12) * 15 * Math.PI) / 180;
  const sinElevation =
    Math.sin(LATITUDE) * Math.sin(declination) + Math.cos(LATITUDE) * Math.cos(declination) * Math.cos(hourAngle);
  return sinElevation > 0 ? 1000 * 0.8 * sinElevation ** 1.15 : 0; // 0.8: inverter and wiring losses
}

// ---------- one day ----------

interface DayEnergy {
  slots: Slot[];
  importWh: number[];
  exportWh: number[];
}

function computeDay(date: string, profile: UsageProfile): DayEnergy {
  const rand = seededRandom(hash(`${profile.seed}|${date}`));
  const weekday = ![0, 6].includes(new Date(dateMs(date)).getUTCDay());
  const target = dayTargetWh(date, profile, rand);
  const weights = slotWeights(date, weekday);
  const perWeight = target / weights.reduce((a, b) => a + b, 0);
  const capacityKw = 5 + (hash(`pv:${profile.seed}`) % 60) / 10;
  const sky = 1 - 0.65 * rand() ** 2.5; // mostly sunny, now and then overcast
  const slots = daySlots(date);
  const importWh: number[] = [];
  const exportWh: number[] = [];
  for (const s of slots) {
    // Short appliance bursts (dryer, oven, pool pump) on top of the smooth curve.
    const burst = rand() < 0.04 ? 1.6 : 1;
    const load = weights[s.slot] * perWeight * (0.88 + 0.24 * rand()) * burst;
    const solar = profile.solar
      ? (capacityKw * clearSkyWattsPerKw(s.startMs + SLOT_MS / 2, date) * sky * (0.95 + 0.1 * rand())) / 4
      : 0;
    importWh.push(Math.round(Math.max(0, load - solar)));
    exportWh.push(Math.round(Math.max(0, solar - load)));
  }
  return { slots, importWh, exportWh };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** Integer Wh as a kWh decimal string with three decimals, without floating-point rounding. */
function kwh(wh: number): string {
  return `${Math.floor(wh / 1000)}.${String(wh % 1000).padStart(3, '0')}`;
}

/** Every 15-minute interval of a Chicago local day, whether or not it lies in the profile's history. */
export function intervalsForDay(date: string, profile: UsageProfile): UsageInterval[] {
  if (!isValidDate(date)) throw new UsageRangeError('date', 'format', 'date must be a calendar date YYYY-MM-DD');
  const day = computeDay(date, profile);
  return day.slots.map((s, i) => {
    const endMs = s.startMs + SLOT_MS;
    const endOffset = day.slots[i + 1]?.offset ?? offsetMinutes(endMs);
    return {
      start: isoLocal(s.startMs, s.offset),
      end: isoLocal(endMs, endOffset),
      import_kwh: kwh(day.importWh[i]),
      export_kwh: kwh(day.exportWh[i]),
    };
  });
}

/** Total kWh taken from the grid over whole local days, `start` to `endInclusive` (used to bill the same usage). */
export function importKwhBetween(start: string, endInclusive: string, profile: UsageProfile): number {
  let wh = 0;
  for (let d = start; d <= endInclusive; d = addDays(d, 1)) wh += sum(computeDay(d, profile).importWh);
  return wh / 1000;
}

// ---------- periods, validation and the response shapes ----------

export interface UsageRange {
  firstDate: string;
  lastDate: string;
  firstMonth: string;
  lastMonth: string;
}

/** The whole days with usage, or null while the location has no history yet. */
export function usageRange(profile: UsageProfile): UsageRange | null {
  if (!isValidDate(profile.historyStart) || !isValidDate(profile.lastDay)) {
    throw new TypeError('UsageProfile.historyStart and lastDay must be YYYY-MM-DD dates');
  }
  if (profile.lastDay < profile.historyStart) return null;
  return {
    firstDate: profile.historyStart,
    lastDate: profile.lastDay,
    firstMonth: profile.historyStart.slice(0, 7),
    lastMonth: profile.lastDay.slice(0, 7),
  };
}

function parseMonth(month: string | undefined, range: UsageRange | null): string {
  if (month === undefined || month === '') throw new UsageRangeError('month', 'required', 'month is required (YYYY-MM)');
  if (!MONTH_RE.test(month)) throw new UsageRangeError('month', 'format', 'month must be YYYY-MM');
  if (range && (month < range.firstMonth || month > range.lastMonth)) {
    throw new UsageRangeError('month', 'range', `month must be between ${range.firstMonth} and ${range.lastMonth}`);
  }
  return month;
}

function parseYear(year: number | string | undefined, range: UsageRange | null): number {
  if (year === undefined || year === '') throw new UsageRangeError('year', 'required', 'year is required (YYYY)');
  const text = String(year);
  if (!/^\d{4}$/.test(text)) throw new UsageRangeError('year', 'format', 'year must be a four-digit year');
  const first = range ? Number(range.firstMonth.slice(0, 4)) : 0;
  const last = range ? Number(range.lastMonth.slice(0, 4)) : 9999;
  if (Number(text) < first || Number(text) > last) {
    throw new UsageRangeError('year', 'range', `year must be between ${first} and ${last}`);
  }
  return Number(text);
}

/** Days of `month` inside the history, in order. */
function daysWithUsage(month: string, range: UsageRange | null): string[] {
  if (!range) return [];
  const days: string[] = [];
  const from = `${month}-01` > range.firstDate ? `${month}-01` : range.firstDate;
  const to = lastDayOfMonth(month) < range.lastDate ? lastDayOfMonth(month) : range.lastDate;
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** `GET …/usage/monthly?year=` minus links: one item per month with at least one day of history. */
export function monthlyUsage(year: number | string | undefined, profile: UsageProfile): MonthlyUsage {
  const range = usageRange(profile);
  const y = parseYear(year, range);
  const data: MonthlyUsage['data'] = [];
  for (let m = 1; m <= 12; m++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    const days = daysWithUsage(month, range);
    if (days.length === 0) continue;
    let importWh = 0;
    let exportWh = 0;
    for (const d of days) {
      const day = computeDay(d, profile);
      importWh += sum(day.importWh);
      exportWh += sum(day.exportWh);
    }
    // A month still being read is a running figure, not a settled monthly value; so is the oldest month when the
    // history starts inside it (it holds only its last days). A month that service ended in is settled.
    const isEstimate = range !== null && ((range.lastDate < lastDayOfMonth(month) && !profile.ended) || range.firstDate > `${month}-01`);
    data.push({ month, import_kwh: kwh(importWh), export_kwh: kwh(exportWh), is_estimate: isEstimate });
  }
  return { year: y, time_zone: USAGE_TIME_ZONE, data };
}

/** `GET …/usage/daily?month=` minus links. */
export function dailyUsage(month: string | undefined, profile: UsageProfile): DailyUsage {
  const range = usageRange(profile);
  const m = parseMonth(month, range);
  const data = daysWithUsage(m, range).map((date) => {
    const day = computeDay(date, profile);
    return { date, import_kwh: kwh(sum(day.importWh)), export_kwh: kwh(sum(day.exportWh)) };
  });
  return { month: m, time_zone: USAGE_TIME_ZONE, data };
}

/** `GET …/usage/intervals?month=` minus links. */
export function intervalUsage(month: string | undefined, profile: UsageProfile): IntervalUsage {
  const range = usageRange(profile);
  const m = parseMonth(month, range);
  const data = daysWithUsage(m, range).map((date) => ({ date, intervals: intervalsForDay(date, profile) }));
  return { month: m, time_zone: USAGE_TIME_ZONE, data };
}

/** Previous and next months with history around `month`, for the router's links. */
export function neighborMonths(month: string, profile: UsageProfile): { previous: string | null; next: string | null } {
  const range = usageRange(profile);
  if (!range || !MONTH_RE.test(month)) return { previous: null, next: null };
  const shift = (delta: number): string => {
    const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + delta, 1));
    return d.toISOString().slice(0, 7);
  };
  return {
    previous: month > range.firstMonth ? shift(-1) : null,
    next: month < range.lastMonth ? shift(1) : null,
  };
}

/** Previous and next years with history around `year`, for the router's links. */
export function neighborYears(year: number, profile: UsageProfile): { previous: number | null; next: number | null } {
  const range = usageRange(profile);
  if (!range) return { previous: null, next: null };
  return {
    previous: year > Number(range.firstMonth.slice(0, 4)) ? year - 1 : null,
    next: year < Number(range.lastMonth.slice(0, 4)) ? year + 1 : null,
  };
}
