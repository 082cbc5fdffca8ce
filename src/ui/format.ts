/**
 * Intl formatting for the flow. Every function takes the locale explicitly (pass `getLocale()` from render) so the
 * output follows the language switch. Formatters are cached: building an Intl object is slow next to using one.
 *
 * Calendar dates from the service (`YYYY-MM-DD`: start dates, birth dates) are formatted as calendar dates, in UTC,
 * so that a user west of Greenwich never sees the day before.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * The service is in Texas: Spanish is US Spanish (`es-US`: `$4.95`, `9.9¢`), as on the EFL, not Spain's `4,95 US$`.
 */
const inUs = (locale: string): string => (locale.includes('-') ? locale : `${locale}-US`);

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.NumberFormat(inUs(locale), options)));
  return f;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(inUs(locale), options)));
  return f;
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** `1234` cents → `$12.34`; whole dollars without decimals when `whole` is set (`$150`). */
export function formatMoney(cents: number | string | null | undefined, locale: string, { whole = false } = {}): string {
  const n = toNumber(cents);
  if (n === null) return '';
  const dollars = n / 100;
  const noCents = whole && Number.isInteger(dollars);
  return numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: noCents ? 0 : 2,
    maximumFractionDigits: noCents ? 0 : 2,
  }).format(dollars);
}

/**
 * A rate in cents per kWh (decimal string `"13.9"`) → `13.9¢/kWh` in both languages, with the decimals the service
 * gives (at least one, up to five): a utility's delivery rate `"5.1893"` is `5.1893¢/kWh`, as its EFL prints it, not
 * rounded to `5.19¢`; the EFL's average prices, which the service gives with one decimal, keep that one.
 */
export function formatRate(centsPerKwh: number | string | null | undefined, locale: string): string {
  const n = toNumber(centsPerKwh);
  if (n === null) return '';
  const value = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 5 }).format(n);
  return `${value}¢/kWh`;
}

/** A decimal number of kWh (`"1000"`, `"12.75"`) → `1,000 kWh`. */
export function formatKwh(kwh: number | string | null | undefined, locale: string): string {
  const n = toNumber(kwh);
  if (n === null) return '';
  return `${numberFormat(locale, { maximumFractionDigits: 2 }).format(n)} kWh`;
}

/** A percentage given as a number of percent (`100` → `100%`). */
export function formatPercent(percent: number | string | null | undefined, locale: string): string {
  const n = toNumber(percent);
  if (n === null) return '';
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);
}

/** `12` → `12 months` / `12 meses`. */
export function formatMonths(months: number, locale: string): string {
  return numberFormat(locale, { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(months);
}

/** `YYYY-MM-DD` → a Date at UTC midnight of that calendar day, or null when malformed. */
export function parseYmd(ymd: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd ?? '');
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCDate() === Number(m[3]) ? date : null;
}

/** `2030-03-05` → `March 5, 2030` / `5 de marzo de 2030` (`style: 'medium'`: `Mar 5, 2030`). */
export function formatDate(ymd: string | null | undefined, locale: string, style: 'long' | 'medium' | 'short' = 'long'): string {
  const date = parseYmd(ymd);
  if (!date) return '';
  return dateFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(date);
}

/** `2030-03` → `March 2030` / `marzo de 2030`. */
export function formatMonth(ym: string | null | undefined, locale: string): string {
  const date = parseYmd(`${ym ?? ''}-01`);
  if (!date) return '';
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Today's calendar date (`YYYY-MM-DD`) in `timeZone` (the service's is America/Chicago), for date bounds. */
export function todayYmd(timeZone = 'America/Chicago', now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(ymd: string, days: number): string {
  const date = parseYmd(ymd);
  if (!date) return ymd;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** (512) 555-0100 as the user types, growing with the digits so deleting never fights the punctuation. */
export function formatPhone(value: string): string {
  let d = value.replace(/\D/g, '');
  if (d.length > 10 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
