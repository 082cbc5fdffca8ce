/**
 * String formats the API validates. Each checker returns the normalized value (what the sandbox stores) or the
 * reason it is not acceptable, phrased for the field-level error message.
 */
import { esiIdProblem } from '../data/esi-id.js';
import { isValidDate } from '../time.js';

export type Format =
  | 'email'
  | 'date'
  | 'timestamp'
  | 'uuid'
  | 'esi_id'
  | 'ssn'
  | 'phone'
  | 'postal_code'
  | 'state'
  | 'http_url'
  | 'path';

export type FormatResult = { ok: true; value: string } | { ok: false; message: string };

const ok = (value: string): FormatResult => ({ ok: true, value });
const bad = (message: string): FormatResult => ({ ok: false, message });

const US_STATES = new Set(
  ('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR ' +
    'PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP').split(' '),
);

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * SSA rules for numbers that are never issued: area 000, 666 or 900-999; group 00; serial 0000. Returns the nine
 * digits; the caller must not keep them longer than the request.
 */
export function checkSsn(value: string): FormatResult {
  const m = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(value.trim());
  if (!m) return bad('ssn must be 9 digits, dashes allowed (123-45-6789)');
  const [, area, group, serial] = m as unknown as [string, string, string, string];
  if (area === '000' || area === '666' || area >= '900') return bad('ssn has an area number that is never issued');
  if (group === '00') return bad('ssn has a group number (00) that is never issued');
  if (serial === '0000') return bad('ssn has a serial number (0000) that is never issued');
  return ok(area + group + serial);
}

/** US numbers only (NANP): ten digits, optionally with +1/1, any punctuation; stored as E.164. */
export function checkPhone(value: string): FormatResult {
  if (/[^\d\s().+-]/.test(value)) return bad('phone may contain only digits, spaces and ( ) . - +');
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return bad('phone must be a 10-digit US number');
  if (digits[0] === '0' || digits[0] === '1') return bad('phone has an area code that cannot start with 0 or 1');
  if (digits[3] === '0' || digits[3] === '1') return bad('phone has an exchange that cannot start with 0 or 1');
  return ok(`+1${digits}`);
}

export function checkFormat(format: Format, raw: string, field: string): FormatResult {
  const value = raw.trim();
  switch (format) {
    case 'email':
      return EMAIL.test(value) && value.length <= 254 ? ok(value) : bad(`${field} must be an email address`);
    case 'date':
      return isValidDate(value) ? ok(value) : bad(`${field} must be a date (YYYY-MM-DD)`);
    case 'timestamp':
      return TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))
        ? ok(new Date(value).toISOString())
        : bad(`${field} must be an ISO 8601 timestamp with a time zone`);
    case 'uuid':
      return UUID.test(value) ? ok(value.toLowerCase()) : bad(`${field} must be a UUID`);
    case 'esi_id': {
      const problem = esiIdProblem(value.replace(/[\s-]/g, ''));
      return problem ? bad(problem.replace(/^esi_id/, field)) : ok(value.replace(/[\s-]/g, ''));
    }
    case 'ssn': {
      const result = checkSsn(value);
      return result.ok ? result : bad(result.message.replace(/^ssn/, field));
    }
    case 'phone': {
      const result = checkPhone(value);
      return result.ok ? result : bad(result.message.replace(/^phone/, field));
    }
    case 'postal_code':
      return /^\d{5}$/.test(value) ? ok(value) : bad(`${field} must be a 5-digit ZIP code`);
    case 'state':
      return US_STATES.has(value.toUpperCase()) ? ok(value.toUpperCase()) : bad(`${field} must be a two-letter US state code`);
    case 'http_url': {
      try {
        const url = new URL(value);
        if (url.protocol === 'http:' || url.protocol === 'https:') return ok(url.toString());
      } catch {
        // fall through to the message
      }
      return bad(`${field} must be an absolute http(s) URL`);
    }
    case 'path':
      return /^\/[^\s]*$/.test(value) && !value.startsWith('//') ? ok(value) : bad(`${field} must be a path starting with /`);
  }
}
