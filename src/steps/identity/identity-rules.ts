/**
 * Identity validation as pure functions returning a problem code; the element turns codes into localized
 * sentences at render time (msg() only runs in render()).
 */

export type NameProblem = 'required' | 'too_long' | 'characters';
export type PhoneProblem = 'required' | 'length' | 'invalid';
export type EmailProblem = 'required' | 'format';
/**
 * One problem for the whole date, naming everything to fix at once: `incomplete_wrong` is a part missing while what is
 * typed is also wrong (a short year, or a month and day no year has); `not_a_date_year` a month and day no year has,
 * with a short year.
 */
export type DobProblem =
  | 'required'
  | 'incomplete'
  | 'incomplete_wrong'
  | 'year'
  | 'not_a_date'
  | 'not_a_date_year'
  | 'future'
  | 'too_old'
  | 'under_18';

/**
 * What was typed without the invisible format characters a paste brings along (zero-width spaces, direction marks,
 * a byte order mark), which a field shows as nothing and the service would refuse: checked and sent as it is seen.
 * The zero-width joiner and non-joiner stay where they are part of writing a name (Persian, Indic scripts).
 */
export function visible(value: string, joiners = false): string {
  return value.replace(joiners ? /(?!\u200c|\u200d)\p{Cf}/gu : /\p{Cf}/gu, '').trim();
}

export function nameProblem(value: string): NameProblem | null {
  const v = visible(value, true);
  if (!v) return 'required';
  if (v.length > 100) return 'too_long';
  // Letters of any script, spaces, apostrophes, hyphens and periods cover real names (O'Brien, Smith-Jones, Jr., 't
  // Hooft); the apostrophe as phones type it too (O’Brien, U+2019), sent as typed. At least one letter.
  // The joiners kept by visible() join the letters around them.
  if (!/^[\p{L}\p{M}'’ .-]*\p{L}[\p{L}\p{M}'’ .-]*$/u.test(v.replace(/\u200c|\u200d/g, ''))) return 'characters';
  return null;
}

/** The digits typed, full-width ones too (an Asian keyboard's １９８５ is 1985). */
export function digits(value: string): string {
  return value.normalize('NFKC').replace(/\D/g, '');
}

/** A whole date pasted (or autofilled) into one part: 3/27/1985, 03-27-1985 or 1985-03-27. */
export function pastedDate(value: string): DateParts | null {
  const v = value.normalize('NFKC').trim();
  const mdy = /^(\d{1,2})[-/. ]+(\d{1,2})[-/. ]+(\d{2,4})$/.exec(v);
  if (mdy) return { month: mdy[1]!, day: mdy[2]!, year: mdy[3]! };
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  return ymd ? { month: ymd[2]!, day: ymd[3]!, year: ymd[1]! } : null;
}

/** The ten national digits; a leading +1 / 1 country code is dropped. */
export function phoneDigits(value: string): string {
  let d = digits(value);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  return d;
}

/** E.164 as the service stores it. */
export function phoneE164(value: string): string {
  return `+1${phoneDigits(value)}`;
}

export function phoneProblem(value: string): PhoneProblem | null {
  const d = phoneDigits(value);
  if (!d) return 'required';
  if (d.length !== 10) return 'length';
  // North American numbering: area code and exchange never start with 0 or 1.
  if (/^[01]/.test(d) || /^[01]/.test(d.slice(3))) return 'invalid';
  return null;
}

export function emailProblem(value: string): EmailProblem | null {
  const v = visible(value);
  if (!v) return 'required';
  // Deliberately loose (one @, a dot in the domain, no spaces): the server has the final word and strict
  // client patterns reject real addresses.
  if (v.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return 'format';
  return null;
}

export interface DateParts {
  month: string;
  day: string;
  year: string;
}

/** Splits YYYY-MM-DD into the three fields (no leading zeros, as people type them). */
export function dateParts(iso: string | null | undefined): DateParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return { month: '', day: '', year: '' };
  return { year: m[1]!, month: String(Number(m[2])), day: String(Number(m[3])) };
}

/** YYYY-MM-DD, or null when the parts do not make a real calendar date (Feb 30, month 13). */
export function isoFromParts(p: DateParts): string | null {
  if (!/^\d{1,2}$/.test(p.month.trim()) || !/^\d{1,2}$/.test(p.day.trim()) || !/^\d{4}$/.test(p.year.trim())) {
    return null;
  }
  const y = Number(p.year);
  const m = Number(p.month);
  const d = Number(p.day);
  // setUTCFullYear, not Date.UTC: that one reads the years 0–99 as 1900–1999 (0085 would not be a date).
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Today's date in the customer's own calendar (not UTC), as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Whole years between a YYYY-MM-DD birth date and today (birthdays count from the day itself). */
export function ageOn(birthIso: string, todayIso: string): number {
  const [by, bm, bd] = birthIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

export function dobProblem(p: DateParts, todayIso = localToday()): DobProblem | null {
  const [month, day, year] = [p.month.trim(), p.day.trim(), p.year.trim()];
  if (!month && !day && !year) return 'required';
  const missing = !month || !day || !year;
  // "85": the year is what is wrong, not the month or the day.
  const shortYear = Boolean(year) && !/^\d{4}$/.test(year);
  // Whether the month and day typed are a day of the year typed; without a full year, of a leap year (Feb 29 is a date).
  const impossible = !isoFromParts({ month: month || '1', day: day || '1', year: shortYear || !year ? '2000' : year });
  if (missing) return shortYear || impossible ? 'incomplete_wrong' : 'incomplete';
  if (shortYear) return impossible ? 'not_a_date_year' : 'year';
  if (impossible) return 'not_a_date';
  const iso = isoFromParts(p)!;
  if (iso > todayIso) return 'future';
  const age = ageOn(iso, todayIso);
  if (age > 120) return 'too_old';
  if (age < 18) return 'under_18';
  return null;
}
