/**
 * Identity validation as pure functions returning a problem code; the element turns codes into localized
 * sentences at render time (msg() only runs in render()).
 */

export type NameProblem = 'required' | 'too_long' | 'characters';
export type PhoneProblem = 'required' | 'length' | 'invalid';
export type EmailProblem = 'required' | 'format';
export type DobProblem = 'required' | 'incomplete' | 'year' | 'not_a_date' | 'future' | 'too_old' | 'under_18';

export function nameProblem(value: string): NameProblem | null {
  const v = value.trim();
  if (!v) return 'required';
  if (v.length > 100) return 'too_long';
  // Letters of any script, spaces, apostrophes, hyphens and periods cover real names (O'Brien, Smith-Jones, Jr., 't
  // Hooft); the apostrophe as phones type it too (O’Brien, U+2019), sent as typed. At least one letter.
  if (!/^[\p{L}\p{M}'’ .-]*\p{L}[\p{L}\p{M}'’ .-]*$/u.test(v)) return 'characters';
  return null;
}

/** The ten national digits; a leading +1 / 1 country code is dropped. */
export function phoneDigits(value: string): string {
  let d = value.replace(/\D/g, '');
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
  const v = value.trim();
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
  const date = new Date(Date.UTC(y, m - 1, d));
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
  const filled = [p.month, p.day, p.year].filter((v) => v.trim() !== '').length;
  if (filled === 0) return 'required';
  if (filled < 3) return 'incomplete';
  // "85": the year is what is wrong, not the month or the day.
  if (!/^\d{4}$/.test(p.year.trim())) return 'year';
  const iso = isoFromParts(p);
  if (!iso) return 'not_a_date';
  if (iso > todayIso) return 'future';
  const age = ageOn(iso, todayIso);
  if (age > 120) return 'too_old';
  if (age < 18) return 'under_18';
  return null;
}
