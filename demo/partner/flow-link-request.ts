/**
 * Validation of `POST /api/flow-link` bodies. Errors use the service's error body shape (docs/api-decisions.md) so the
 * page shows partner-side and service-side errors the same way.
 *
 * Sandbox shortcut: this demo takes `account_uuid` from the page, so that a developer can reopen any sandbox account.
 * A real backend takes the account from its signed-in user's session, never from the page (docs/integration.md): a
 * route that makes a link for any account id it is sent gives any caller any customer's account.
 */
import type { FlowBehavior, FlowScope, Locale } from '../../src/api/types.js';
import { NEW_ACCOUNT, PRESET_NAME, presetFor, SUITED } from './client/account-states.js';

export type { FlowBehavior, FlowScope, Locale };

export const SCOPES: readonly FlowScope[] = ['enrollment', 'update-payment-method', 'documents', 'billing', 'renewal', 'connect-battery'];
export const BEHAVIORS: readonly FlowBehavior[] = ['embedded', 'hosted'];
export const LOCALES: readonly Locale[] = ['en', 'es'];

export interface PreliminaryAddress {
  address_1: string;
  address_2?: string;
  city: string;
  state: string;
  postal_code: string;
}

export interface FlowLinkRequest {
  scope: FlowScope;
  behavior: FlowBehavior;
  locale: Locale;
  email?: string;
  first_name?: string;
  last_name?: string;
  preliminary_address?: PreliminaryAddress;
  client_agent: boolean;
  account_uuid?: string;
  /** A new account of the sandbox's preset of this name instead of a new empty one (from account_state). */
  preset?: string;
}

export interface FieldError {
  field: string;
  code: 'required' | 'type' | 'enum' | 'format' | 'unknown_field';
  message: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; fields: FieldError[] };

const KNOWN = new Set(['scope', 'behavior', 'locale', 'email', 'first_name', 'last_name', 'preliminary_address', 'client_agent', 'account_uuid', 'account_state']);
const ADDRESS_KNOWN = new Set(['address_1', 'address_2', 'city', 'state', 'postal_code']);
const CREATION_ONLY = ['email', 'first_name', 'last_name', 'preliminary_address'] as const;
/** As the page's email field's `pattern` (public/index.html): the page and this backend refuse the same addresses. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TEXT = 100;

/**
 * Unknown keys are rejected (unlike the service, which must tolerate newer clients): this backend has exactly one
 * client, its own page, and a typo in a test should fail loudly rather than open a flow with defaults.
 */
export function parseFlowLinkRequest(input: unknown, defaults: { behavior: FlowBehavior }): Parsed<FlowLinkRequest> {
  if (!isObject(input)) return { ok: false, fields: [{ field: '(body)', code: 'type', message: 'the body must be a JSON object' }] };
  const errors: FieldError[] = [];
  for (const key of Object.keys(input)) {
    if (!KNOWN.has(key)) errors.push({ field: key, code: 'unknown_field', message: `${key} is not a field of this request` });
  }
  const scope = oneOf(input, 'scope', SCOPES, 'enrollment', errors);
  const behavior = oneOf(input, 'behavior', BEHAVIORS, defaults.behavior, errors);
  const locale = oneOf(input, 'locale', LOCALES, 'en', errors);
  const email = text(input, 'email', 254, errors);
  if (email !== undefined && !EMAIL.test(email)) errors.push({ field: 'email', code: 'format', message: 'Enter an email address like name@example.com.' });
  const firstName = text(input, 'first_name', MAX_TEXT, errors);
  const lastName = text(input, 'last_name', MAX_TEXT, errors);
  const address = parseAddress(input.preliminary_address, errors);
  const clientAgent = input.client_agent ?? false;
  if (typeof clientAgent !== 'boolean') errors.push({ field: 'client_agent', code: 'type', message: 'client_agent must be true or false' });
  const accountUuid = text(input, 'account_uuid', 36, errors);
  if (accountUuid !== undefined && !UUID.test(accountUuid)) {
    errors.push({ field: 'account_uuid', code: 'format', message: 'account_uuid must be a UUID' });
  }
  const accountState = text(input, 'account_state', 64, errors) ?? SUITED;
  if (accountState !== SUITED && accountState !== NEW_ACCOUNT && !PRESET_NAME.test(accountState)) {
    errors.push({ field: 'account_state', code: 'format', message: `account_state must be ${SUITED}, ${NEW_ACCOUNT} or the name of a sandbox preset` });
  }
  const given = (key: string) => input[key] !== undefined && input[key] !== '' && input[key] !== null;
  if (accountUuid !== undefined) {
    for (const key of [...CREATION_ONLY, 'account_state'] as const) {
      if (given(key) && !(key === 'account_state' && accountState === SUITED)) {
        errors.push({ field: key, code: 'unknown_field', message: `${key} only applies when creating an account; omit it with account_uuid` });
      }
    }
  }
  const preset = accountUuid === undefined ? presetFor(accountState, scope) : null;
  if (preset !== null) {
    // A preset's customer is the sandbox's invented one, already past (or in) enrollment.
    for (const key of [...CREATION_ONLY, 'client_agent'] as const) {
      if (given(key) && input[key] !== false) {
        errors.push({ field: key, code: 'unknown_field', message: `${key} only applies to a new empty account; the account will be the sandbox preset ${preset}` });
      }
    }
  }
  if (errors.length > 0) return { ok: false, fields: errors };
  return {
    ok: true,
    value: {
      scope,
      behavior,
      locale,
      client_agent: clientAgent === true,
      ...(email !== undefined && { email }),
      ...(firstName !== undefined && { first_name: firstName }),
      ...(lastName !== undefined && { last_name: lastName }),
      ...(address !== undefined && { preliminary_address: address }),
      ...(accountUuid !== undefined && { account_uuid: accountUuid.toLowerCase() }),
      ...(preset !== null && { preset }),
    },
  };
}

function parseAddress(value: unknown, errors: FieldError[]): PreliminaryAddress | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    errors.push({ field: 'preliminary_address', code: 'type', message: 'preliminary_address must be an object' });
    return undefined;
  }
  const before = errors.length;
  for (const key of Object.keys(value)) {
    if (!ADDRESS_KNOWN.has(key)) errors.push({ field: `preliminary_address.${key}`, code: 'unknown_field', message: `${key} is not an address field` });
  }
  const sub = (key: string, required: boolean): string | undefined => {
    const v = text(value, key, MAX_TEXT, errors, 'preliminary_address.');
    if (required && v === undefined && !errors.some((e) => e.field === `preliminary_address.${key}`)) {
      errors.push({ field: `preliminary_address.${key}`, code: 'required', message: `${key} is required` });
    }
    return v;
  };
  const address1 = sub('address_1', true);
  const address2 = sub('address_2', false);
  const city = sub('city', true);
  const state = sub('state', true)?.toUpperCase();
  const postal = sub('postal_code', true);
  if (state !== undefined && !/^[A-Z]{2}$/.test(state)) {
    errors.push({ field: 'preliminary_address.state', code: 'format', message: 'state must be two letters, e.g. TX' });
  }
  if (postal !== undefined && !/^\d{5}$/.test(postal)) {
    errors.push({ field: 'preliminary_address.postal_code', code: 'format', message: 'postal_code must be five digits' });
  }
  if (errors.length > before || !address1 || !city || !state || !postal) return undefined;
  return { address_1: address1, ...(address2 !== undefined && { address_2: address2 }), city, state, postal_code: postal };
}

/** An optional string field, trimmed; an empty string counts as absent (a blank form field). */
function text(obj: Record<string, unknown>, key: string, max: number, errors: FieldError[], prefix = ''): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    errors.push({ field: prefix + key, code: 'type', message: `${key} must be a string` });
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length > max) {
    errors.push({ field: prefix + key, code: 'format', message: `${key} must be at most ${max} characters` });
    return undefined;
  }
  return trimmed;
}

function oneOf<T extends string>(obj: Record<string, unknown>, key: string, allowed: readonly T[], fallback: T, errors: FieldError[]): T {
  const value = obj[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  errors.push({ field: key, code: 'enum', message: `${key} must be one of ${allowed.join(', ')}` });
  return fallback;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
