/**
 * A sandbox under test: requests go straight to `app.request` (no sockets), and every response of a documented
 * operation is checked against the OpenAPI contract, so the behaviour tests are also the sandbox's contract test.
 */
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox, type SandboxConfig } from '../../app.js';
import { PREMISES, type Premise } from '../../data/addresses.js';
import type { PremiseTrigger } from '../../data/addresses.js';
import type { Account, Plan } from '../../../../src/api/types.js';
import { assertMatchesContract, findOperation } from './contract.js';

export const APP_TOKEN = 'sandbox_app_test_token';
/** Monday 2026-03-02 10:00 in Houston (16:00 UTC): inside business hours, far from DST changes. */
export const MONDAY_10AM = Date.parse('2026-03-02T16:00:00Z');

/**
 * Response bodies in tests are read field by field after the contract check above has validated their shape, so
 * they are loosely typed here rather than cast at every use.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface Reply<T = Loose> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** A raw body string (bad JSON, oversized bodies). */
  raw?: string;
  headers?: Record<string, string>;
  /** Skip the contract check (for deliberate deviations the test documents). */
  contract?: boolean;
}

export class Harness {
  readonly sb: Sandbox;
  /** "Real" time as the sandbox sees it: frozen unless a test moves it, so durations compare exactly. */
  realMs = MONDAY_10AM;

  constructor(config: SandboxConfig = {}) {
    this.sb = createSandbox({ appToken: APP_TOKEN, rateLimits: false, realNow: () => this.realMs, ...config });
  }

  async call<T = Loose>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? APP_TOKEN : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await this.sb.app.request(path, { method, headers, body });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && text ? JSON.parse(text) : text;
    if (options.contract !== false && findOperation(method, path.split('?')[0]!)) {
      assertMatchesContract(method, path, res.status, type.includes('json') ? parsed : text || undefined, res.headers);
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  app<T = Loose>(method: string, path: string, body?: unknown, extra: Omit<CallOptions, 'body'> = {}): Promise<Reply<T>> {
    return this.call<T>(method, path, { ...extra, ...(body === undefined ? {} : { body }) });
  }

  as(token: string) {
    return <T = Loose>(method: string, path: string, body?: unknown, extra: Omit<CallOptions, 'body' | 'token'> = {}) =>
      this.call<T>(method, path, { ...extra, token, ...(body === undefined ? {} : { body }) });
  }

  async createAccount(fields: Record<string, unknown> = {}): Promise<{ uuid: string; token: string; account: Account }> {
    const res = await this.app('POST', '/v1/app/accounts', { email: `customer${Math.random().toString(36).slice(2, 8)}@example.com`, ...fields });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return { uuid: res.body.uuid, token: res.body.account_token, account: res.body };
  }

  async plansFor(token: string, esiId: string): Promise<Plan[]> {
    const res = await this.as(token)('POST', '/v1/account/enroll/plans/request', { esi_id: esiId });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  }

  /** A payment method set up at the processor for the account, as the browser's Stripe.js would. */
  addCard(accountUuid: string, number = '4242424242424242'): string {
    const intent = this.sb.processor.createSetupIntent(accountUuid);
    const result = this.sb.processor.confirmSetupIntent(intent.client_secret, {
      number,
      exp_month: 12,
      exp_year: 2034,
      cvc: /^3[47]/.test(number) ? '1234' : '123', // American Express has four-digit codes
      postal_code: '77002',
    });
    assert.ok(result.ok, JSON.stringify(result));
    assert.ok(result.setupIntent.payment_method);
    return result.setupIntent.payment_method;
  }

  /** Creates an account and completes every step up to (not including) finalize. */
  async readyToFinalize(options: { premise?: Premise; ssn?: string } = {}): Promise<{ uuid: string; token: string; plan: Plan }> {
    const premise = options.premise ?? premise_();
    const { uuid, token } = await this.createAccount();
    const acct = this.as(token);
    const [plan] = await this.plansFor(token, premise.esi_id);
    assert.ok(plan);
    assert.equal((await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan.uuid, start_date: plan.earliest_start_date, terms_accepted: true })).status, 200);
    assert.equal((await acct('PATCH', '/v1/account/enroll/identity', IDENTITY)).status, 200);
    assert.equal((await acct('POST', '/v1/account/enroll/credit-check', { ssn: options.ssn ?? '123-45-6789', consent: true })).status, 200);
    const pm = this.addCard(uuid);
    assert.equal((await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: pm })).status, 200);
    return { uuid, token, plan };
  }

  async account(token: string): Promise<Account> {
    const res = await this.as(token)('GET', '/v1/account');
    assert.equal(res.status, 200);
    return res.body;
  }

  close(): void {
    this.sb.close();
  }
}

export const IDENTITY = { first_name: 'Ana', last_name: 'García', phone: '(713) 555-0142', email: 'ana@example.com', date_of_birth: '1990-04-01' };

function premise_(): Premise {
  return PREMISES.find((p) => p.postal_code === '77002' && !p.trigger)!;
}

export function premiseWith(trigger: PremiseTrigger): Premise {
  return PREMISES.find((p) => p.trigger === trigger)!;
}

export function premiseIn(postalCode: string): Premise {
  return PREMISES.find((p) => p.postal_code === postalCode && !p.trigger && !p.meter_description)!;
}

/** Asserts an error body: status, code, and (when given) exactly these field paths. */
export function assertError(res: Reply, status: number, code: string, fields?: string[]): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.error.status, status);
  assert.equal(res.body.error.code, code);
  assert.equal(typeof res.body.error.message, 'string');
  if (fields) assert.deepEqual((res.body.error.fields ?? []).map((f: { field: string }) => f.field).sort(), [...fields].sort());
}

/** An account a preset built, in a sandbox of its own: its uuid, its location and a caller with its account token. */
export interface PresetAccount {
  uuid: string;
  locationUuid: string | null;
  acct: ReturnType<Harness['as']>;
}

/** Runs `run` on a new sandbox with one account built from `preset`, and closes the sandbox after. */
export async function withPreset(preset: string, run: (h: Harness, account: PresetAccount) => Promise<void>): Promise<void> {
  const h = new Harness();
  try {
    const created = await h.call('POST', '/__sandbox/accounts', { body: { preset } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await run(h, { uuid: created.body.uuid, locationUuid: created.body.account.location_uuid, acct: h.as(created.body.account_token) });
  } finally {
    h.close();
  }
}
