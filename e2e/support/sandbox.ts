/**
 * Typed calls to the sandbox service for end-to-end tests: set up accounts and links with the App token, drive the
 * sandbox controls (faults, clock; they take the App token too) and inspect side effects. Plain HTTP from the test
 * process (no Origin header, which the controls refuse), so a test can prepare state before a page opens and check
 * it after the page is gone.
 */
import { randomBytes } from 'node:crypto';
import { E2E } from '../../playwright.config.js';
import type { FaultCounters, FaultRule, FaultRuleInput } from '../../demo/sandbox/faults.js';
import type {
  Account,
  AccountToken,
  CreateAccountRequest,
  CreatedAccount,
  FlowBehavior,
  FlowLogin,
  FlowScope,
  Locale,
  SandboxAccountInspection,
  SandboxAdvanceRequest,
  SandboxClock,
  SandboxClockRequest,
  SandboxStatusRequest,
} from '../../src/api/types.js';

/** A non-2xx answer. `body` is the service's error body ({ error: { status, code, message, fields } }) when JSON. */
export class SandboxHttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(`${method} ${path} answered ${status}: ${JSON.stringify(body)}`);
  }

  /** The error code of the service's error body, e.g. `cannot_finalize_enrollment`. */
  get code(): string | undefined {
    return (this.body as { error?: { code?: string } } | null)?.error?.code;
  }
}

export interface RequestOptions {
  /**
   * Bearer token; the App token when omitted (the /__sandbox controls require it too), `null` for none (the open
   * /__sandbox paths: health, fixtures, the logo, the Stripe.js emulator).
   */
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RawResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Any call, whatever its status: for tests that assert on errors (401, 403, 422, 429…). */
export async function rawRequest<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<RawResponse<T>> {
  const token = opts.token === undefined ? E2E.appToken : opts.token;
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${E2E.sandboxUrl}${path}`, {
    method,
    headers,
    ...(opts.body !== undefined && { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a PDF, a script): keep the text
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

/**
 * A call that must succeed: throws SandboxHttpError otherwise. A test's own read that meets the service's rate limit
 * (10 a second per token: the flow it checks may just have sent a burst with the same account) waits as the 429's
 * Retry-After says and asks again, a few times at most: the limit is not what such a test checks.
 */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await rawRequest<T>(method, path, opts);
  for (let i = 0; res.status === 429 && i < 3; i++) {
    await new Promise((r) => setTimeout(r, 1000 * Math.max(1, Number(res.headers.get('retry-after')) || 1)));
    res = await rawRequest<T>(method, path, opts);
  }
  if (res.status < 200 || res.status > 299) throw new SandboxHttpError(method, path, res.status, res.body, res.headers);
  return res.body;
}

const enc = encodeURIComponent;

/** A unique address on the reserved example.com domain, so tests never collide or name a real person. */
export function randomEmail(prefix = 'e2e'): string {
  return `${prefix}.${randomBytes(6).toString('hex')}@example.com`;
}

export interface CreateAccountOptions extends Partial<CreateAccountRequest> {
  /** Also record the partner's power of attorney (client agent enrollment). */
  clientAgent?: boolean;
}

/** `POST /v1/app/accounts` (App token); a random email unless given. */
export async function createAccount(opts: CreateAccountOptions = {}): Promise<CreatedAccount> {
  const { clientAgent, ...fields } = opts;
  const account = await request<CreatedAccount>('POST', '/v1/app/accounts', { body: { email: randomEmail(), ...fields } });
  if (clientAgent) await recordClientAgent(account.account_uuid);
  return account;
}

export interface PresetAccount {
  preset: string;
  uuid: string;
  account: Account;
  account_token: string;
  account_token_expires_at: string;
}

/** `POST /__sandbox/accounts` (App token): a new account already in the preset's state (demo/sandbox/README.md). */
export function createPresetAccount(preset: string, locale?: Locale): Promise<PresetAccount> {
  return request<PresetAccount>('POST', '/__sandbox/accounts', { body: { preset, ...(locale && { locale }) } });
}

/** `POST /v1/app/accounts/{uuid}/record-client-agent` (App token). */
export function recordClientAgent(accountUuid: string, acceptedAt?: string): Promise<Account> {
  return request<Account>('POST', `/v1/app/accounts/${enc(accountUuid)}/record-client-agent`, {
    body: acceptedAt ? { client_agent_accepted_at: acceptedAt } : {},
  });
}

export interface FlowLinkOptions {
  behavior?: FlowBehavior;
  locale?: Locale;
  /** Hosted flows only; defaults to the partner demo's return page for a hosted link. */
  returnUrl?: string;
}

/** `POST /v1/app/accounts/{uuid}/flow-login` (App token): a one-hour login link. */
export function flowLink(accountUuid: string, scope: FlowScope = 'enrollment', opts: FlowLinkOptions = {}): Promise<FlowLogin> {
  const behavior = opts.behavior ?? 'embedded';
  const returnUrl = opts.returnUrl ?? (behavior === 'hosted' ? `${E2E.partnerUrl}/return` : undefined);
  return request<FlowLogin>('POST', `/v1/app/accounts/${enc(accountUuid)}/flow-login`, {
    body: { scope, behavior, ...(opts.locale && { locale: opts.locale }), ...(returnUrl && { return_url: returnUrl }) },
  });
}

/** `GET /v1/app/accounts/{uuid}` (App token). */
export function getAccount(accountUuid: string): Promise<Account> {
  return request<Account>('GET', `/v1/app/accounts/${enc(accountUuid)}`);
}

/** `POST /v1/app/accounts/{uuid}/token` (App token): a fresh 60-minute account token. */
export function accountToken(accountUuid: string): Promise<AccountToken> {
  return request<AccountToken>('POST', `/v1/app/accounts/${enc(accountUuid)}/token`);
}

/** `POST /v1/account/sandbox/remove-payment-method`: reaches the finalize 422 after a card was added. */
export function removePaymentMethod(token: string): Promise<Account> {
  return request<Account>('POST', '/v1/account/sandbox/remove-payment-method', { token, body: {} });
}

/**
 * What a partner does before a client agent enrollment, with the account's token: identity, a passing credit check
 * and a card (a setup intent confirmed at the sandbox's card processor with 4242…, then ensure-payment-method-added).
 * With the power of attorney and an address, the account is then `ready/enrollment_pending_client_agent`.
 */
export async function preapprove(accountUuid: string): Promise<Account> {
  const { token } = await accountToken(accountUuid);
  await request('PATCH', '/v1/account/enroll/identity', {
    token,
    body: { first_name: 'Ana', last_name: 'Client-Agent', phone: '+15125550100', email: randomEmail('agent'), date_of_birth: '1980-04-12' },
  });
  await request('POST', '/v1/account/enroll/credit-check', { token, body: { ssn: '123-45-6789', consent: true } });
  const session = await request<{ client_secret: string; stripe_public_key: string }>('POST', '/v1/account/billing/payment-session', { token, body: {} });
  const intent = session.client_secret.split('_secret_')[0]!;
  const confirmed = await request<{ payment_method: string }>('POST', `/__sandbox/processor/setup_intents/${enc(intent)}/confirm`, {
    token: session.stripe_public_key,
    body: {
      client_secret: session.client_secret,
      payment_method_data: {
        type: 'card',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
        billing_details: { address: { postal_code: '75201' } },
      },
    },
  });
  return request<Account>('POST', '/v1/account/billing/ensure-payment-method-added', { token, body: { payment_method_id: confirmed.payment_method } });
}

/** `POST /v1/account/sandbox/status`: forces a status / status_reason pair. */
export function forceStatus(token: string, status: SandboxStatusRequest): Promise<Account> {
  return request<Account>('POST', '/v1/account/sandbox/status', { token, body: status });
}

/** `POST /v1/account/sandbox/advance`: runs the post-finalize background steps up to a milestone at once. */
export function advanceAccount(token: string, to: SandboxAdvanceRequest['to']): Promise<Account> {
  return request<Account>('POST', '/v1/account/sandbox/advance', { token, body: { to } });
}

/**
 * `GET /__sandbox/fixtures`: test addresses, ESI IDs, magic values and cards. The shape belongs to the sandbox
 * (the contract leaves it open), so callers name the part they read: `fixtures<{ cards: Card[] }>()`.
 */
export function fixtures<T = Record<string, unknown>>(): Promise<T> {
  return request<T>('GET', '/__sandbox/fixtures', { token: null });
}

/** A fault rule as posted (what to break, on which routes, how often) and as the sandbox reports it: its own types. */
export type { FaultCounters, FaultRule, FaultRuleInput } from '../../demo/sandbox/faults.js';

/** `POST /__sandbox/faults`: adds one rule and returns it (with its id). */
export function setFaults(rule: FaultRuleInput): Promise<FaultRule> {
  return request<FaultRule>('POST', '/__sandbox/faults', { body: rule });
}

/** `GET /__sandbox/faults`: the rules with their counters. */
export function faults(): Promise<{ rules: FaultRule[]; counters: FaultCounters }> {
  return request('GET', '/__sandbox/faults');
}

/** `DELETE /__sandbox/faults`: removes every rule and resets the counters. */
export async function clearFaults(): Promise<void> {
  await request('DELETE', '/__sandbox/faults');
}

/** Expires every token of one account at once (or of every account), as if an hour had passed for them. */
export async function expireTokens(accountUuid?: string): Promise<void> {
  await setFaults({ expire_tokens: true, ...(accountUuid && { account_uuid: accountUuid }) });
}

/** `POST /__sandbox/clock`: exactly one of advance_seconds, advance_hours, advance_business_hours or set. */
export function advanceClock(change: SandboxClockRequest): Promise<SandboxClock> {
  return request<SandboxClock>('POST', '/__sandbox/clock', { body: change });
}

/** `GET /__sandbox/clock`. */
export function clock(): Promise<SandboxClock> {
  return request<SandboxClock>('GET', '/__sandbox/clock');
}

/** `GET /__sandbox/accounts/{uuid}`: the account and its side-effect counters (finalize calls, funnel events…). */
export function sandboxAccount(accountUuid: string): Promise<SandboxAccountInspection> {
  return request<SandboxAccountInspection>('GET', `/__sandbox/accounts/${enc(accountUuid)}`);
}
