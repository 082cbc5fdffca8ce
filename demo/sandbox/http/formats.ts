/**
 * The string formats of the API, defined once: the contract (openapi/openapi.yaml) names them (`format: esi_id`),
 * Ajv checks them (`registerFormats`), and each carries the plain-words message of its 400 and, where the sandbox
 * stores a canonical form, the normalization (an SSN's nine digits, a phone number in E.164, a state in capitals).
 * Standard formats whose sandbox rule is stricter than ajv-formats' (a UUID without `urn:uuid:`, a timestamp written
 * with `T` and a time zone, every part of which exists) are redefined here too; `email`, `date` and `uri` are ajv-formats'.
 */
import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { isDecimal } from '../data/decimal.js';
import { esiIdProblem } from '../data/esi-id.js';

export interface FormatDefinition {
  /** The value as the sandbox keeps it, or undefined when it is not of the format. */
  check(value: string): string | undefined;
  /** Why a value is not of the format, naming the field. */
  message(field: string, value: string): string;
}

const US_STATES = new Set(
  ('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR ' +
    'PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP').split(' '),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * An instant as the sandbox keeps it (ISO 8601 in UTC), or undefined. Every part must exist as written: `Date.parse`
 * alone would read 2026-02-30 as March 2 and T24:00 as the next day's midnight, and so store another day.
 */
function checkTimestamp(value: string): string | undefined {
  const m = TIMESTAMP.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second, , , offsetHour, offsetMinute] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!); // Date.UTC would read years 0 to 99 as 1900 to 1999
  const dayExists = date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  if (!dayExists || hour! > 23 || minute! > 59 || second! > 59 || offsetHour! > 23 || offsetMinute! > 59) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

export type CheckResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * SSA rules for numbers that are never issued: area 000, 666 or 900-999; group 00; serial 0000. Returns the nine
 * digits; the caller must not keep them longer than the request.
 */
export function checkSsn(value: string): CheckResult {
  const m = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(value.trim());
  if (!m) return { ok: false, message: 'ssn must be 9 digits, dashes allowed (123-45-6789)' };
  const [, area, group, serial] = m as unknown as [string, string, string, string];
  if (area === '000' || area === '666' || area >= '900') return { ok: false, message: 'ssn has an area number that is never issued' };
  if (group === '00') return { ok: false, message: 'ssn has a group number (00) that is never issued' };
  if (serial === '0000') return { ok: false, message: 'ssn has a serial number (0000) that is never issued' };
  return { ok: true, value: area + group + serial };
}

/** US numbers only (NANP): ten digits, optionally with +1/1, any punctuation; stored as E.164. */
export function checkPhone(value: string): CheckResult {
  if (/[^\d\s().+-]/.test(value)) return { ok: false, message: 'phone may contain only digits, spaces and ( ) . - +' };
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return { ok: false, message: 'phone must be a 10-digit US number' };
  if (digits[0] === '0' || digits[0] === '1') return { ok: false, message: 'phone has an area code that cannot start with 0 or 1' };
  if (digits[3] === '0' || digits[3] === '1') return { ok: false, message: 'phone has an exchange that cannot start with 0 or 1' };
  return { ok: true, value: `+1${digits}` };
}

function fromResult(check: (value: string) => CheckResult, name: string): FormatDefinition {
  return {
    check: (value) => {
      const r = check(value);
      return r.ok ? r.value : undefined;
    },
    message: (field, value) => {
      const r = check(value);
      return r.ok ? `${field} is not valid` : r.message.replace(new RegExp(`^${name}`), field);
    },
  };
}

function httpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // not a URL
  }
  return undefined;
}

/** The sandbox's own formats, by the name the contract gives them. */
export const FORMATS = {
  uuid: { check: (v) => (UUID.test(v) ? v.toLowerCase() : undefined), message: (f) => `${f} must be a UUID` },
  'date-time': {
    check: checkTimestamp,
    message: (f) => `${f} must be an ISO 8601 timestamp with a time zone, of a day and time that exist (like 2026-03-01T10:00:00Z)`,
  },
  esi_id: {
    check: (v) => (esiIdProblem(v) ? undefined : v),
    message: (f, v) => (esiIdProblem(v) ?? 'esi_id is not valid').replace(/^esi_id/, f),
  },
  ssn: fromResult(checkSsn, 'ssn'),
  phone: fromResult(checkPhone, 'phone'),
  postal_code: { check: (v) => (/^\d{5}$/.test(v) ? v : undefined), message: (f) => `${f} must be a 5-digit ZIP code` },
  state: {
    check: (v) => (US_STATES.has(v.toUpperCase()) ? v.toUpperCase() : undefined),
    message: (f) => `${f} must be a two-letter US state code`,
  },
  decimal: {
    check: (v) => (isDecimal(v) ? v : undefined),
    message: (f) => `${f} must be a decimal string with at most 5 places, like "-0.25"`,
  },
  http_url: { check: (v) => (httpUrl(v) ? v : undefined), message: (f) => `${f} must be an absolute http(s) URL` },
  // A route of the flow, e.g. /billing; the leading slash may be left out ("the billing area": billing), and is
  // added. Never another origin: no scheme (https:), no // or \ at the start, no spaces.
  path: {
    check: (v) => {
      const path = v.startsWith('/') ? v : `/${v}`;
      return /^\/[^\s\\/][^\s\\]*$|^\/$/.test(path) && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(v) ? path : undefined;
    },
    message: (f) => `${f} must be a path of the flow, like /billing or billing`,
  },
} satisfies Record<string, FormatDefinition>;

/** Messages of the ajv-formats formats the contract uses in requests. */
const STANDARD_MESSAGES: Record<string, (field: string) => string> = {
  email: (f) => `${f} must be an email address`,
  date: (f) => `${f} must be a date (YYYY-MM-DD)`,
  uri: (f) => `${f} must be a URI`,
};

export type FormatName = keyof typeof FORMATS;

export function isSandboxFormat(name: string): name is FormatName {
  return Object.hasOwn(FORMATS, name);
}

/** The 400 message of a value that is not of `format`. */
export function formatMessage(format: string, field: string, value: unknown): string {
  if (isSandboxFormat(format)) return FORMATS[format].message(field, typeof value === 'string' ? value : String(value));
  return STANDARD_MESSAGES[format]?.(field) ?? `${field} must be of the format ${format}`;
}

/** What the contract itself promises of a format where the sandbox checks more (a real ESI ID has no sandbox check digit). */
const CONTRACT_ONLY: Partial<Record<FormatName, (value: string) => boolean>> = {
  esi_id: (value) => /^10\d{15}(\d{5})?$/.test(value),
};

/**
 * Registers every format on an Ajv instance: ajv-formats', then the sandbox's, which replace ajv-formats' uuid and
 * date-time. With `contract: true` (the contract tests) a format means what the contract promises: ajv-formats' uuid
 * and date-time, and an ESI ID's shape without the sandbox's own prefixes and check digit.
 */
export function registerFormats(ajv: Ajv, { contract = false } = {}): void {
  addFormats(ajv);
  for (const [name, def] of Object.entries(FORMATS) as [FormatName, FormatDefinition][]) {
    if (contract && (name === 'uuid' || name === 'date-time')) continue;
    const loose = contract ? CONTRACT_ONLY[name] : undefined;
    ajv.addFormat(name, { type: 'string', validate: loose ?? ((value: string) => def.check(value) !== undefined) });
  }
}
