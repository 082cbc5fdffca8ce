/**
 * A refused request changes nothing. Every mutating operation the app registers (POST, PUT, PATCH, DELETE under /v1
 * and /__sandbox) has one row: the request the route accepts, and each refusal it can give, as that request with one
 * thing broken. Authentication (401/403), Idempotency-Key (400), invalid JSON (400) and over-long bodies (413) are
 * added to every row by the kind of route; a row lists its own 400s, 404s and 422s. For each refusal the test takes a
 * deep snapshot of the sandbox (support/snapshot.ts: accounts, tokens, custom rates, plans, documents, funnel and
 * service events, webhooks, processor, fault rules, clock) before and after, and requires them equal; then it sends
 * the unbroken request and requires it accepted, so every refusal is caused by the one thing its row broke.
 *
 * Every answer of a documented operation is checked against the contract (status documented, body valid), so a
 * refusal the contract does not list fails its row. A route registered without a row fails the coverage test, so
 * the table cannot silently go stale.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addDays } from '../time.js';
import type { Reply } from './support/harness.js';
import { IDENTITY, premiseIn } from './support/harness.js';
import { assertMatchesContract, findOperation } from './support/contract.js';
import { snapshot } from './support/snapshot.js';
import { buildWorld, type World } from './support/world.js';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const MUTATING: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

interface Req {
  path: string;
  /** Bearer token; undefined means the App token (the harness's default), null none. */
  token?: string | null;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** false for answers the contract does not document (said where used). */
  contract?: boolean;
}

interface Refusal {
  why: string;
  status: number;
  code: string;
  /** Exactly the field paths the error names (when given). */
  fields?: string[];
  req: (w: World, accepted: Req) => Req;
}

/**
 * How a route authenticates: the App token (/v1/app), an account or flow token (/v1/account), a flow token of any
 * scope only (the end of a flow session), the account-token sandbox group (/v1/account/sandbox, which no flow scope
 * opens), the App token on sandbox controls (/__sandbox), the
 * processor's publishable key (its JSON API), or nothing (the 3-D Secure page's form).
 */
type AuthKind = 'app' | 'account' | 'account-sandbox' | 'flow' | 'sandbox' | 'processor' | 'none';

interface Row {
  /** `METHOD /hono/path`, as `app.routes` lists it. */
  route: string;
  auth: AuthKind;
  /** The handler reads a JSON body: invalid JSON and an over-long body without a declared length are refusals too. */
  json: boolean;
  /** A request the route accepts in a fresh world. */
  accepted: (w: World) => Req;
  refusals: Refusal[];
}

const houston = premiseIn('77002');
const austin = '78701'; // Austin Energy: no retail choice, so no utility to price for

const with_ = (patch: Partial<Req>) => (_w: World, a: Req): Req => ({ ...a, ...patch });
const body = (b: unknown) => with_({ body: b });
const merge = (extra: Record<string, unknown>) => (_w: World, a: Req): Req => ({ ...a, body: { ...(a.body as object), ...extra } });

const ROWS: Row[] = [
  // ── App token: accounts and links ──
  {
    route: 'POST /v1/app/accounts',
    auth: 'app',
    json: true,
    accepted: () => ({ path: '/v1/app/accounts', body: { email: 'new@example.com' } }),
    refusals: [
      { why: 'email missing', status: 400, code: 'invalid_request', fields: ['email'], req: body({ first_name: 'Ana' }) },
      { why: 'under 18', status: 400, code: 'invalid_request', fields: ['date_of_birth'], req: merge({ date_of_birth: '2020-01-01' }) },
      { why: 'bad phone', status: 400, code: 'invalid_request', fields: ['phone'], req: merge({ phone: '555' }) },
      { why: 'body not an object', status: 400, code: 'invalid_request', fields: ['body'], req: body([1]) },
    ],
  },
  {
    route: 'PATCH /v1/app/accounts/:account_uuid',
    auth: 'app',
    json: true,
    accepted: (w) => ({ path: `/v1/app/accounts/${w.fresh.uuid}`, body: { first_name: 'Bea', locale: 'es' } }),
    refusals: [
      { why: 'unknown account', status: 404, code: 'not_found', req: (w, a) => ({ ...a, path: `/v1/app/accounts/${w.unknownUuid}` }) },
      { why: 'malformed account id', status: 404, code: 'not_found', req: with_({ path: '/v1/app/accounts/not-a-uuid' }) },
      { why: 'nothing to update', status: 400, code: 'invalid_request', fields: ['body'], req: body({}) },
      { why: 'bad email with a good name', status: 400, code: 'invalid_request', fields: ['email'], req: merge({ email: 'nope' }) },
      { why: 'under 18 with a good name', status: 400, code: 'invalid_request', fields: ['date_of_birth'], req: merge({ date_of_birth: '2020-01-01' }) },
    ],
  },
  {
    route: 'POST /v1/app/accounts/:account_uuid/token',
    auth: 'app',
    json: false,
    accepted: (w) => ({ path: `/v1/app/accounts/${w.fresh.uuid}/token` }),
    refusals: [
      { why: 'unknown account', status: 404, code: 'not_found', req: (w) => ({ path: `/v1/app/accounts/${w.unknownUuid}/token` }) },
      { why: 'malformed account id', status: 404, code: 'not_found', req: () => ({ path: '/v1/app/accounts/..%2F..%2Fx/token' }) },
    ],
  },
  {
    route: 'POST /v1/app/accounts/:account_uuid/record-client-agent',
    auth: 'app',
    json: true,
    accepted: (w) => ({ path: `/v1/app/accounts/${w.fresh.uuid}/record-client-agent`, body: {} }),
    refusals: [
      { why: 'unknown account', status: 404, code: 'not_found', req: (w, a) => ({ ...a, path: `/v1/app/accounts/${w.unknownUuid}/record-client-agent` }) },
      { why: 'in the future', status: 400, code: 'invalid_request', fields: ['client_agent_accepted_at'], req: body({ client_agent_accepted_at: '2099-01-01T00:00:00Z' }) },
      { why: 'not a timestamp', status: 400, code: 'invalid_request', fields: ['client_agent_accepted_at'], req: body({ client_agent_accepted_at: 'yesterday' }) },
    ],
  },
  {
    route: 'POST /v1/app/accounts/:account_uuid/flow-login',
    auth: 'app',
    json: true,
    accepted: (w) => ({ path: `/v1/app/accounts/${w.fresh.uuid}/flow-login`, body: { scope: 'enrollment' } }),
    refusals: [
      { why: 'unknown account', status: 404, code: 'not_found', req: (w, a) => ({ ...a, path: `/v1/app/accounts/${w.unknownUuid}/flow-login` }) },
      { why: 'unknown scope', status: 400, code: 'invalid_request', fields: ['scope'], req: body({ scope: 'everything' }) },
      { why: 'return_url not http(s)', status: 400, code: 'invalid_request', fields: ['return_url'], req: merge({ return_url: 'javascript:alert(1)' }) },
      { why: 'return_url on another origin', status: 422, code: 'unprocessable', fields: ['return_url'], req: merge({ return_url: 'https://evil.example/' }) },
    ],
  },
  {
    route: 'POST /v1/app/accounts/:account_uuid/app-login',
    auth: 'app',
    json: true,
    accepted: (w) => ({ path: `/v1/app/accounts/${w.fresh.uuid}/app-login`, body: { route: '/billing' } }),
    refusals: [
      { why: 'unknown account', status: 404, code: 'not_found', req: (w, a) => ({ ...a, path: `/v1/app/accounts/${w.unknownUuid}/app-login` }) },
      { why: 'route not a path', status: 400, code: 'invalid_request', fields: ['route'], req: body({ route: 'https://evil.example/' }) },
    ],
  },
  // ── App token: enrollment helpers and plans ──
  {
    route: 'POST /v1/app/accounts/enroll/eligibility',
    auth: 'app',
    json: true,
    accepted: () => ({ path: '/v1/app/accounts/enroll/eligibility', body: { postal_code: '77002' } }),
    refusals: [{ why: 'bad ZIP', status: 400, code: 'invalid_request', fields: ['postal_code'], req: body({ postal_code: '7700' }) }],
  },
  {
    route: 'POST /v1/app/accounts/enroll/full-address-search',
    auth: 'app',
    json: true,
    accepted: () => ({ path: '/v1/app/accounts/enroll/full-address-search', body: { address_1: houston.address_1, postal_code: houston.postal_code } }),
    refusals: [{ why: 'nothing sent', status: 400, code: 'invalid_request', fields: ['address_1', 'postal_code'], req: body({}) }],
  },
  {
    route: 'POST /v1/app/accounts/enroll/address-search',
    auth: 'app',
    json: true,
    accepted: () => ({ path: '/v1/app/accounts/enroll/address-search', body: { query: 'Rice' } }),
    refusals: [{ why: 'query too short', status: 400, code: 'invalid_request', fields: ['query'], req: body({ query: 'ab' }) }],
  },
  {
    route: 'POST /v1/app/accounts/:account_uuid/enroll/plans/request',
    auth: 'app',
    json: true,
    accepted: (w) => ({ path: `/v1/app/accounts/${w.quoted.uuid}/enroll/plans/request`, body: { esi_id: houston.esi_id } }),
    refusals: [
      { why: 'unknown account', status: 404, code: 'not_found', req: (w, a) => ({ ...a, path: `/v1/app/accounts/${w.unknownUuid}/enroll/plans/request` }) },
      { why: 'malformed ESI ID', status: 400, code: 'invalid_request', fields: ['esi_id'], req: body({ esi_id: '123' }) },
      { why: 'unknown ESI ID', status: 404, code: 'not_found', req: (w, a) => ({ ...a, body: { esi_id: w.unknownEsiId } }) },
    ],
  },
  {
    route: 'POST /v1/app/accounts/enroll/plans/request',
    auth: 'app',
    json: true,
    // The quoted account has custom rates stored (-0.5); every refusal below would replace them with +3.
    accepted: (w) => ({
      path: '/v1/app/accounts/enroll/plans/request',
      body: { esi_id: houston.esi_id, account_uuid: w.quoted.uuid, custom_rates: { energy_rate_adjustment_cents_per_kwh: '3' } },
    }),
    refusals: [
      { why: 'neither postal_code nor esi_id', status: 400, code: 'invalid_request', fields: ['postal_code'], req: merge({ esi_id: undefined }) },
      { why: 'adjustment not a decimal', status: 400, code: 'invalid_request', fields: ['custom_rates.energy_rate_adjustment_cents_per_kwh'], req: merge({ custom_rates: { energy_rate_adjustment_cents_per_kwh: 'lots' } }) },
      { why: 'adjustment below the floor rate', status: 400, code: 'invalid_request', fields: ['custom_rates.energy_rate_adjustment_cents_per_kwh'], req: merge({ custom_rates: { energy_rate_adjustment_cents_per_kwh: '-50' } }) },
      { why: 'unknown account', status: 404, code: 'not_found', req: (w, a) => merge({ account_uuid: w.unknownUuid })(w, a) },
      { why: 'unknown ESI ID (custom rates were stored anyway)', status: 404, code: 'not_found', req: (w, a) => merge({ esi_id: w.unknownEsiId })(w, a) },
      { why: 'postal_code not the ESI ID\'s', status: 400, code: 'invalid_request', fields: ['postal_code'], req: merge({ postal_code: '75201' }) },
      { why: 'ZIP no utility serves', status: 400, code: 'invalid_request', fields: ['postal_code'], req: merge({ esi_id: undefined, postal_code: austin }) },
    ],
  },
  {
    route: 'POST /v1/app/accounts/events',
    auth: 'app',
    json: true,
    accepted: (w) => ({ path: '/v1/app/accounts/events', body: { event: 'plans_viewed', account_uuid: w.quoted.uuid, plan_uuids: [w.quoted.plan.uuid] } }),
    refusals: [
      { why: 'reason on plans_viewed', status: 400, code: 'invalid_request', fields: ['reason'], req: merge({ reason: 'too_expensive' }) },
      { why: 'no plan viewed', status: 400, code: 'invalid_request', fields: ['plan_uuids'], req: merge({ plan_uuids: [] }) },
      { why: 'unknown event', status: 400, code: 'invalid_request', fields: ['event'], req: merge({ event: 'clicked' }) },
      { why: 'an empty key (named "")', status: 400, code: 'invalid_request', fields: ['""'], req: merge({ '': 1 }) },
      { why: 'unknown account', status: 404, code: 'not_found', req: (w, a) => merge({ account_uuid: w.unknownUuid })(w, a) },
    ],
  },
  // ── Account token ──
  {
    route: 'POST /v1/account/events',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/events', token: w.ready.token, body: { event: 'enrollment_opt_out', plan_uuids: [], reason: 'too_expensive' } }),
    refusals: [
      { why: 'account_uuid (the token says whose)', status: 400, code: 'invalid_request', fields: ['account_uuid'], req: (w, a) => merge({ account_uuid: w.ready.uuid })(w, a) },
      { why: 'label without reason', status: 400, code: 'invalid_request', fields: ['reason'], req: merge({ reason: undefined, label: 'meh' }) },
    ],
  },
  {
    // The flow closed: its session ends (its token answers 401 token_expired from then on). No body, no other refusal.
    route: 'DELETE /v1/account/flow',
    auth: 'flow',
    json: false,
    accepted: (w) => ({ path: '/v1/account/flow', token: w.tokens.flowDocuments }),
    refusals: [],
  },
  {
    route: 'POST /v1/account/sandbox/status',
    auth: 'account-sandbox',
    json: true,
    accepted: (w) => ({ path: '/v1/account/sandbox/status', token: w.ready.token, body: { status: 'needs_attention', status_reason: 'credit_declined' } }),
    refusals: [
      { why: 'pair not in the table', status: 400, code: 'invalid_request', fields: ['status_reason'], req: body({ status: 'active', status_reason: 'unresolved' }) },
      { why: 'active without a location', status: 400, code: 'invalid_request', fields: ['status'], req: (w) => ({ path: '/v1/account/sandbox/status', token: w.fresh.token, body: { status: 'active', status_reason: 'active' } }) },
    ],
  },
  {
    route: 'POST /v1/account/sandbox/remove-payment-method',
    auth: 'account-sandbox',
    json: false,
    accepted: (w) => ({ path: '/v1/account/sandbox/remove-payment-method', token: w.ready.token }),
    refusals: [],
  },
  {
    route: 'POST /v1/account/sandbox/unfreeze-credit',
    auth: 'account-sandbox',
    json: false,
    accepted: (w) => ({ path: '/v1/account/sandbox/unfreeze-credit', token: w.frozen.token }),
    refusals: [{ why: 'no frozen credit file', status: 422, code: 'unprocessable', fields: ['status_reason'], req: (w, a) => ({ ...a, token: w.ready.token }) }],
  },
  {
    route: 'POST /v1/account/sandbox/advance',
    auth: 'account-sandbox',
    json: true,
    accepted: (w) => ({ path: '/v1/account/sandbox/advance', token: w.active.token, body: { to: 'usage' } }),
    refusals: [
      { why: 'unknown milestone', status: 400, code: 'invalid_request', fields: ['to'], req: body({ to: 'tomorrow' }) },
      { why: 'not finalized', status: 422, code: 'unprocessable', fields: ['to'], req: (w, a) => ({ ...a, token: w.ready.token }) },
    ],
  },
  {
    route: 'POST /v1/account/enroll/full-address-search',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/enroll/full-address-search', token: w.ready.token, body: { address_1: houston.address_1, postal_code: houston.postal_code } }),
    refusals: [{ why: 'bad state', status: 400, code: 'invalid_request', fields: ['state'], req: merge({ state: 'XX' }) }],
  },
  {
    route: 'POST /v1/account/enroll/address-search',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/enroll/address-search', token: w.ready.token, body: { query: 'Rice', postal_code: '77005' } }),
    refusals: [{ why: 'bad ZIP', status: 400, code: 'invalid_request', fields: ['postal_code'], req: merge({ postal_code: 'x' }) }],
  },
  {
    route: 'POST /v1/account/enroll/esi-id-search',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/enroll/esi-id-search', token: w.ready.token, body: { esi_id: houston.esi_id } }),
    refusals: [
      { why: 'bad check digit', status: 400, code: 'invalid_request', fields: ['esi_id'], req: body({ esi_id: '10443729999999906' }) },
      { why: 'unknown ESI ID', status: 404, code: 'not_found', req: (w, a) => ({ ...a, body: { esi_id: w.unknownEsiId } }) },
    ],
  },
  {
    route: 'POST /v1/account/enroll/plans/request',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/enroll/plans/request', token: w.fresh.token, body: { esi_id: houston.esi_id } }),
    refusals: [
      { why: 'malformed ESI ID', status: 400, code: 'invalid_request', fields: ['esi_id'], req: body({ esi_id: 'abc' }) },
      // The service address would change with a quote: an unknown meter must leave it.
      { why: 'unknown ESI ID', status: 404, code: 'not_found', req: (w, a) => ({ ...a, body: { esi_id: w.unknownEsiId } }) },
    ],
  },
  {
    route: 'POST /v1/account/enroll/plans/accept',
    auth: 'account',
    json: true,
    accepted: (w) => ({
      path: '/v1/account/enroll/plans/accept',
      token: w.ready.token,
      body: { esi_id: w.ready.esiId, plan_uuid: w.ready.plan.uuid, start_date: w.ready.plan.earliest_start_date, terms_accepted: true },
    }),
    refusals: [
      { why: 'no start date', status: 400, code: 'invalid_request', fields: ['start_date'], req: merge({ start_date: undefined }) },
      { why: 'both start date names', status: 400, code: 'invalid_request', fields: ['service_start_date'], req: (w, a) => merge({ service_start_date: w.ready.plan.earliest_start_date })(w, a) },
      { why: 'plan never quoted', status: 404, code: 'not_found', req: (w, a) => merge({ plan_uuid: w.unknownUuid })(w, a) },
      { why: 'plan quoted for another account', status: 404, code: 'not_found', req: (w, a) => merge({ plan_uuid: w.quoted.plan.uuid, esi_id: w.quoted.esiId })(w, a) },
      { why: 'unknown ESI ID', status: 404, code: 'not_found', req: (w, a) => merge({ esi_id: w.unknownEsiId })(w, a) },
      { why: 'terms not accepted', status: 422, code: 'unprocessable', fields: ['terms_accepted'], req: merge({ terms_accepted: false }) },
      { why: 'start date after the window', status: 422, code: 'unprocessable', fields: ['start_date'], req: (w, a) => merge({ start_date: addDays(w.ready.plan.latest_start_date, 1) })(w, a) },
      { why: 'another meter', status: 422, code: 'unprocessable', fields: ['esi_id'], req: (w, a) => merge({ esi_id: w.quoted.esiId })(w, a) },
      { why: 'client agent without power of attorney', status: 422, code: 'unprocessable', fields: ['accepted_by', 'start_date'], req: merge({ accepted_by: 'client_agent' }) },
      // (its quote has expired by now too: the 422 names every broken rule)
      {
        why: 'finalized enrollment',
        status: 422,
        code: 'unprocessable',
        req: (w, a) => ({ ...a, token: w.active.token, body: { ...(a.body as object), esi_id: w.active.esiId, plan_uuid: w.active.plan.uuid } }),
      },
    ],
  },
  {
    route: 'PATCH /v1/account/enroll/identity',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/enroll/identity', token: w.fresh.token, body: IDENTITY }),
    refusals: [
      { why: 'nothing sent', status: 400, code: 'invalid_request', fields: ['body'], req: body({}) },
      { why: 'under 18', status: 422, code: 'unprocessable', fields: ['date_of_birth'], req: merge({ date_of_birth: '2020-01-01' }) },
    ],
  },
  {
    route: 'POST /v1/account/enroll/credit-check',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/enroll/credit-check', token: w.ready.token, body: { ssn: '123-45-9002', consent: true } }),
    refusals: [
      { why: 'never-issued SSN', status: 400, code: 'invalid_request', fields: ['ssn'], req: merge({ ssn: '666-45-6789' }) },
      { why: 'no consent', status: 422, code: 'unprocessable', fields: ['consent'], req: merge({ consent: false }) },
      { why: 'credit step already processed', status: 422, code: 'unprocessable', fields: ['ssn'], req: (w, a) => ({ ...a, token: w.active.token }) },
    ],
  },
  {
    route: 'POST /v1/account/enroll/finalize',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/enroll/finalize', token: w.ready.token, body: {} }),
    refusals: [
      // (counters.finalize_refused counts this one: bookkeeping, see support/snapshot.ts)
      {
        why: 'prerequisites missing',
        status: 422,
        code: 'cannot_finalize_enrollment',
        fields: ['enrollment.has_accepted_plan', 'enrollment.is_identity_verified', 'enrollment.has_payment_method'],
        req: (w, a) => ({ ...a, token: w.fresh.token }),
      },
      { why: 'already finalized', status: 422, code: 'cannot_finalize_enrollment', fields: ['enrollment.is_enrollment_finalized'], req: (w, a) => ({ ...a, token: w.active.token }) },
      { why: 'client agent flag without a client agent acceptance', status: 422, code: 'unprocessable', fields: ['is_client_agent_enrollment'], req: body({ is_client_agent_enrollment: true }) },
      { why: 'flag not a boolean', status: 400, code: 'invalid_request', fields: ['is_client_agent_enrollment'], req: body({ is_client_agent_enrollment: 'yes' }) },
      { why: 'cancelled account', status: 422, code: 'unprocessable', fields: ['status'], req: (w, a) => ({ ...a, token: w.cancelled.token }) },
    ],
  },
  {
    route: 'POST /v1/account/billing/payment-session',
    auth: 'account',
    json: false,
    accepted: (w) => ({ path: '/v1/account/billing/payment-session', token: w.ready.token }),
    refusals: [],
  },
  {
    route: 'POST /v1/account/billing/ensure-payment-method-added',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/billing/ensure-payment-method-added', token: w.ready.token, body: { payment_method_id: w.ready.paymentMethodId } }),
    refusals: [
      { why: 'nothing sent', status: 400, code: 'invalid_request', fields: ['payment_method_id'], req: body({}) },
      { why: 'unknown to the processor', status: 422, code: 'unprocessable', fields: ['payment_method_id'], req: body({ payment_method_id: 'pm_nope' }) },
      { why: 'another account\'s method', status: 422, code: 'unprocessable', fields: ['payment_method_id'], req: (w, a) => ({ ...a, token: w.fresh.token }) },
      { why: '3-D Secure pending', status: 422, code: 'unprocessable', fields: ['payment_method_id'], req: (w, a) => ({ ...a, token: w.fresh.token, body: { payment_method_id: w.intents.pending.paymentMethodId } }) },
    ],
  },
  {
    route: 'PUT /v1/account/billing/address',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/billing/address', token: w.ready.token, body: { same_as_service_address: true } }),
    refusals: [
      { why: 'own address missing', status: 400, code: 'invalid_request', fields: ['address'], req: body({ same_as_service_address: false }) },
      {
        why: 'bad state',
        status: 400,
        code: 'invalid_request',
        fields: ['address.state'],
        req: body({ same_as_service_address: false, address: { address_1: '1 Main St', city: 'Houston', state: 'XX', postal_code: '77002' } }),
      },
      { why: 'no service address yet', status: 422, code: 'unprocessable', fields: ['same_as_service_address'], req: (w, a) => ({ ...a, token: w.fresh.token }) },
    ],
  },
  {
    route: 'POST /v1/account/locations/:location_uuid/renewal/accept',
    auth: 'account',
    json: true,
    accepted: (w) => ({
      path: `/v1/account/locations/${w.active.locationUuid}/renewal/accept`,
      token: w.active.token,
      body: { plan_uuid: w.active.renewalPlan.uuid, terms_accepted: true },
    }),
    refusals: [
      { why: 'plan_uuid not a UUID', status: 400, code: 'invalid_request', fields: ['plan_uuid'], req: merge({ plan_uuid: 'renew-me' }) },
      { why: 'terms_accepted missing', status: 400, code: 'invalid_request', fields: ['terms_accepted'], req: merge({ terms_accepted: undefined }) },
      { why: 'start_date not a date', status: 400, code: 'invalid_request', fields: ['start_date'], req: merge({ start_date: 'next month' }) },
      { why: 'unknown location', status: 404, code: 'not_found', req: (w, a) => ({ ...a, path: `/v1/account/locations/${w.unknownUuid}/renewal/accept` }) },
      { why: 'another account\'s location', status: 404, code: 'not_found', req: (w, a) => ({ ...a, token: w.ready.token }) },
      { why: 'plan never offered', status: 404, code: 'not_found', req: (w, a) => merge({ plan_uuid: w.unknownUuid })(w, a) },
      { why: 'an enrollment quote, not a renewal offer', status: 404, code: 'not_found', req: (w, a) => merge({ plan_uuid: w.active.plan.uuid })(w, a) },
      { why: 'terms not accepted', status: 422, code: 'unprocessable', fields: ['terms_accepted'], req: merge({ terms_accepted: false }) },
      { why: 'start date not the day after the contract ends', status: 422, code: 'unprocessable', fields: ['start_date'], req: (w, a) => merge({ start_date: addDays(w.active.renewalPlan.earliest_start_date, 1) })(w, a) },
    ],
  },
  {
    route: 'POST /v1/account/battery/authorizations',
    auth: 'account',
    json: true,
    accepted: (w) => ({ path: '/v1/account/battery/authorizations', token: w.fresh.token, body: { maker: 'tesla', return_url: 'http://localhost:5173/battery/return' } }),
    refusals: [
      { why: 'maker missing', status: 400, code: 'invalid_request', fields: ['maker'], req: body({}) },
      { why: 'unknown maker', status: 400, code: 'invalid_request', fields: ['maker'], req: merge({ maker: 'acme' }) },
      { why: 'return_url not http(s)', status: 400, code: 'invalid_request', fields: ['return_url'], req: merge({ return_url: 'javascript:alert(1)' }) },
      { why: 'return_url on another origin', status: 422, code: 'unprocessable', fields: ['return_url'], req: merge({ return_url: 'https://evil.example/cb' }) },
    ],
  },
  // ── Sandbox controls ──
  {
    route: 'POST /__sandbox/clock',
    auth: 'sandbox',
    json: true,
    accepted: () => ({ path: '/__sandbox/clock', body: { advance_seconds: 1 } }),
    refusals: [
      { why: 'nothing sent', status: 400, code: 'invalid_request', fields: ['advance_seconds'], req: body({}) },
      { why: 'two moves', status: 400, code: 'invalid_request', fields: ['advance_hours'], req: body({ advance_seconds: 1, advance_hours: 1 }) },
      { why: 'negative', status: 400, code: 'invalid_request', fields: ['advance_seconds'], req: body({ advance_seconds: -1 }) },
      { why: 'backwards', status: 400, code: 'invalid_request', fields: ['set'], req: body({ set: '2020-01-01T00:00:00Z' }) },
    ],
  },
  {
    route: 'POST /__sandbox/accounts',
    auth: 'sandbox',
    json: true,
    accepted: () => ({ path: '/__sandbox/accounts', body: { preset: 'applying-missing-identity', locale: 'es' } }),
    refusals: [
      { why: 'preset missing', status: 400, code: 'invalid_request', fields: ['preset'], req: body({ locale: 'es' }) },
      { why: 'unknown preset', status: 400, code: 'invalid_request', fields: ['preset'], req: merge({ preset: 'active-with-everything' }) },
      { why: 'preset not a string', status: 400, code: 'invalid_request', fields: ['preset'], req: merge({ preset: ['active-no-card'] }) },
      { why: 'unknown locale', status: 400, code: 'invalid_request', fields: ['locale'], req: merge({ locale: 'fr' }) },
      { why: 'a field presets do not take', status: 400, code: 'invalid_request', fields: ['status'], req: merge({ status: 'active' }) },
    ],
  },
  {
    route: 'POST /__sandbox/accounts/:account_uuid/expire-tokens',
    auth: 'sandbox',
    json: false,
    accepted: (w) => ({ path: `/__sandbox/accounts/${w.fresh.uuid}/expire-tokens` }),
    refusals: [
      { why: 'unknown account', status: 404, code: 'not_found', req: (w) => ({ path: `/__sandbox/accounts/${w.unknownUuid}/expire-tokens` }) },
      { why: 'malformed account id', status: 404, code: 'not_found', req: () => ({ path: '/__sandbox/accounts/not%20a%20uuid/expire-tokens' }) },
    ],
  },
  {
    route: 'POST /__sandbox/expire-tokens',
    auth: 'sandbox',
    json: false,
    accepted: () => ({ path: '/__sandbox/expire-tokens' }),
    refusals: [],
  },
  {
    route: 'PUT /__sandbox/webhooks/config',
    auth: 'sandbox',
    json: true,
    accepted: () => ({ path: '/__sandbox/webhooks/config', body: { url: 'http://localhost:9/hooks', secret: 'whsec_long_enough' } }),
    refusals: [
      { why: 'url missing', status: 400, code: 'invalid_request', fields: ['url'], req: body({ secret: 'whsec_long_enough' }) },
      { why: 'url not http(s)', status: 400, code: 'invalid_request', fields: ['url'], req: merge({ url: 'ftp://example.com/' }) },
      { why: 'secret too short', status: 400, code: 'invalid_request', fields: ['secret'], req: merge({ secret: 'short' }) },
    ],
  },
  {
    route: 'POST /__sandbox/faults',
    auth: 'sandbox',
    json: true,
    accepted: () => ({ path: '/__sandbox/faults', body: { route: '/v1/account', error_rate: 0.5, count: 3 } }),
    refusals: [
      { why: 'unknown field', status: 400, code: 'invalid_request', fields: ['nope'], req: merge({ nope: 1 }) },
      { why: 'no effect', status: 400, code: 'invalid_request', fields: ['latency_ms'], req: body({ route: '/v1/account' }) },
      { why: 'on a sandbox route', status: 400, code: 'invalid_request', fields: ['route'], req: merge({ route: '/__sandbox/clock' }) },
      // An expire_tokens rule expires tokens at once: a bad one must not.
      { why: 'expire_tokens with a bad account', status: 400, code: 'invalid_request', fields: ['account_uuid'], req: body({ expire_tokens: true, account_uuid: 'x' }) },
    ],
  },
  {
    route: 'DELETE /__sandbox/faults',
    auth: 'sandbox',
    json: false,
    accepted: () => ({ path: '/__sandbox/faults' }),
    refusals: [],
  },
  {
    route: 'DELETE /__sandbox/faults/:id',
    auth: 'sandbox',
    json: false,
    accepted: (w) => ({ path: `/__sandbox/faults/${w.faultId}` }),
    refusals: [{ why: 'unknown rule', status: 404, code: 'not_found', req: () => ({ path: '/__sandbox/faults/flt_999' }) }],
  },
  // ── The card processor emulator (Stripe's error body: { error: { type, code, message } }) ──
  {
    route: 'POST /__sandbox/processor/setup_intents/:id/confirm',
    auth: 'processor',
    json: false,
    accepted: (w) => ({
      path: `/__sandbox/processor/setup_intents/${w.intents.pending.id}/confirm`,
      token: w.pk,
      body: {
        client_secret: w.intents.pending.clientSecret,
        payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 34, cvc: '123' }, billing_details: { address: { postal_code: '77002' } } },
      },
    }),
    // A declined card (402 card_declined) is not here: the decline is the outcome, recorded on the setup intent
    // (last_setup_error), as Stripe does. A card that fails validation changes nothing.
    refusals: [
      { why: 'body not an object', status: 400, code: 'parameter_invalid', req: body([]) },
      { why: 'no card', status: 400, code: 'parameter_missing', req: (w, a) => ({ ...a, body: { client_secret: w.intents.pending.clientSecret } }) },
      { why: 'unknown client secret', status: 404, code: 'resource_missing', req: merge({ client_secret: 'seti_x_secret_y' }) },
      { why: 'another intent\'s secret', status: 404, code: 'resource_missing', req: (w, a) => merge({ client_secret: w.intents.succeeded.clientSecret })(w, a) },
      {
        why: 'already succeeded',
        status: 400,
        code: 'setup_intent_unexpected_state',
        req: (w, a) => ({ ...merge({ client_secret: w.intents.succeeded.clientSecret })(w, a), path: `/__sandbox/processor/setup_intents/${w.intents.succeeded.id}/confirm` }),
      },
      // While 3-D Secure is pending: an invalid card must leave the challenge answerable.
      {
        why: 'card number fails the Luhn check',
        status: 402,
        code: 'incorrect_number',
        req: (w, a) => merge({ payment_method_data: { type: 'card', card: { number: '4242424242424241', exp_month: 12, exp_year: 34, cvc: '123' } } })(w, a),
      },
    ],
  },
  {
    route: 'POST /__sandbox/processor/3ds/:id',
    auth: 'none',
    json: false,
    accepted: (w) => ({ path: `/__sandbox/processor/3ds/${w.intents.pending.id}`, token: null, body: { challenge: w.intents.pending.challenge, outcome: 'complete' } }),
    refusals: [
      { why: 'unknown outcome', status: 400, code: 'parameter_invalid', req: merge({ outcome: 'maybe' }) },
      { why: 'wrong challenge', status: 404, code: 'resource_missing', req: merge({ challenge: 'nope' }) },
      {
        why: 'answered differently before',
        status: 400,
        code: 'challenge_already_answered',
        req: (w) => ({ path: `/__sandbox/processor/3ds/${w.intents.answered.id}`, token: null, body: { challenge: w.intents.answered.challenge, outcome: 'fail' } }),
      },
    ],
  },
  // ── The emulated battery maker's page (opened by the customer's browser; the ticket is its secret) ──
  {
    route: 'POST /__sandbox/battery/authorize/:id',
    auth: 'none',
    json: true,
    accepted: (w) => ({ path: `/__sandbox/battery/authorize/${w.battery.pending.id}`, token: null, body: { ticket: w.battery.pending.ticket, decision: 'allow' } }),
    refusals: [
      { why: 'unknown decision', status: 400, code: 'invalid_request', fields: ['decision'], req: merge({ decision: 'maybe' }) },
      { why: 'wrong ticket', status: 404, code: 'not_found', req: merge({ ticket: 'guess' }) },
      { why: 'another authorization\'s ticket', status: 404, code: 'not_found', req: (w, a) => merge({ ticket: w.battery.answered.ticket })(w, a) },
      { why: 'unknown authorization', status: 404, code: 'not_found', req: (w, a) => ({ ...a, path: `/__sandbox/battery/authorize/${w.unknownUuid}` }) },
      {
        why: 'answered differently before',
        status: 422,
        code: 'unprocessable',
        fields: ['decision'],
        req: (w) => ({ path: `/__sandbox/battery/authorize/${w.battery.answered.id}`, token: null, body: { ticket: w.battery.answered.ticket, decision: 'deny' } }),
      },
    ],
  },
];

const OVERSIZED = 70 * 1024;

/** The refusals every route of a kind gives, besides its own. */
function commonRefusals(row: Row): Refusal[] {
  const method = row.route.split(' ')[0] as Method;
  const list: Refusal[] = [];
  const token = (t: (w: World) => string | null) => (w: World, a: Req): Req => ({ ...a, token: t(w) });
  const headers = (h: Record<string, string>) => (_w: World, a: Req): Req => ({ ...a, headers: { ...a.headers, ...h } });
  switch (row.auth) {
    case 'app':
    case 'sandbox':
      list.push(
        { why: 'no token', status: 401, code: 'unauthorized', req: token(() => null) },
        { why: 'unknown token', status: 401, code: 'unauthorized', req: token(() => 'sandbox_app_guess') },
        { why: 'an account token', status: 401, code: 'unauthorized', req: token((w) => w.ready.token) },
      );
      if (row.auth === 'sandbox') {
        list.push(
          { why: 'from a web page', status: 403, code: 'forbidden', req: headers({ origin: 'http://localhost:5174' }) },
          {
            why: 'a body that is not JSON',
            status: 415,
            code: 'unsupported_media_type',
            req: (_w, a) => ({ ...a, body: undefined, raw: JSON.stringify(a.body ?? {}), headers: { ...a.headers, 'content-type': 'text/plain' } }),
          },
        );
      }
      break;
    case 'account':
    case 'account-sandbox':
      list.push(
        { why: 'no token', status: 401, code: 'unauthorized', req: token(() => null) },
        { why: 'unknown token', status: 401, code: 'unauthorized', req: token(() => 'acct_guess') },
        { why: 'the App token', status: 401, code: 'unauthorized', req: token((w) => w.appToken) },
        { why: 'an expired token', status: 401, code: 'token_expired', req: token((w) => w.tokens.expired) },
        { why: 'a flow token of another scope', status: 403, code: 'forbidden', req: token((w) => w.tokens.flowDocuments) },
      );
      if (row.auth === 'account-sandbox') {
        list.push({ why: 'an enrollment flow token', status: 403, code: 'forbidden', req: token((w) => w.tokens.flowEnrollment) });
      }
      break;
    case 'flow':
      list.push(
        { why: 'no token', status: 401, code: 'unauthorized', req: token(() => null) },
        { why: 'unknown token', status: 401, code: 'unauthorized', req: token(() => 'flow_guess') },
        { why: 'the App token', status: 401, code: 'unauthorized', req: token((w) => w.appToken) },
        { why: 'an expired token', status: 401, code: 'token_expired', req: token((w) => w.tokens.expired) },
        { why: 'an account token (not a flow session)', status: 403, code: 'forbidden', req: token((w) => w.ready.token) },
      );
      break;
    case 'processor':
      list.push(
        { why: 'no publishable key', status: 401, code: 'api_key_invalid', req: token(() => null) },
        { why: 'the App token instead of the key', status: 401, code: 'api_key_invalid', req: token((w) => w.appToken) },
      );
      break;
    case 'none':
      break;
  }
  if (method !== 'DELETE') {
    list.push({ why: 'Idempotency-Key too long', status: 400, code: 'invalid_request', fields: ['Idempotency-Key'], req: headers({ 'idempotency-key': 'k'.repeat(256) }) });
  }
  const padded = JSON.stringify({ padding: 'x'.repeat(OVERSIZED) });
  list.push(
    // Declared: the length header alone is refused, before any route runs.
    {
      why: 'over 64 KiB (declared)',
      status: 413,
      code: 'payload_too_large',
      req: (_w, a) => ({ ...a, body: undefined, raw: padded, headers: { ...a.headers, 'content-length': String(padded.length) } }),
    },
    // Undeclared (as a chunked upload): refused on the bytes received, whether the route reads a body or not.
    { why: 'over 64 KiB (no length declared)', status: 413, code: 'payload_too_large', req: (_w, a) => ({ ...a, body: undefined, raw: padded }) },
  );
  if (row.json) {
    list.push({ why: 'invalid JSON', status: 400, code: 'invalid_json', req: (_w, a) => ({ ...a, body: undefined, raw: '{"email":' }) });
  }
  return list;
}

function routePattern(route: string): RegExp {
  const path = route.split(' ')[1]!;
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/g, '[^/]+')}$`);
}

/**
 * Sends the request; an answer of an operation the contract documents is checked against it (status documented, body
 * valid), so a refusal the contract does not list fails the row.
 */
async function send(w: World, method: Method, req: Req): Promise<Reply> {
  const res = await w.h.call(method, req.path, {
    token: req.token,
    ...(req.body !== undefined ? { body: req.body } : {}),
    ...(req.raw !== undefined ? { raw: req.raw } : {}),
    ...(req.headers ? { headers: req.headers } : {}),
    contract: false,
  });
  if (req.contract !== false && findOperation(method, req.path.split('?')[0]!)) {
    const json = (res.headers.get('content-type') ?? '').includes('json');
    assertMatchesContract(method, req.path, res.status, json ? res.body : res.body || undefined, res.headers);
  }
  return res;
}

describe('App-level plan requests with custom_rates', () => {
  it('keep the account\'s custom rates when refused: its next plans are priced as before', async () => {
    const w = await buildWorld();
    try {
      const priced = async () => (await w.h.plansFor(w.quoted.token, w.quoted.esiId)).map((p) => Number(p.energy_rate_cents_per_kwh));
      const rates = await priced();
      const request = (extra: Record<string, unknown>) =>
        w.h.app('POST', '/v1/app/accounts/enroll/plans/request', { account_uuid: w.quoted.uuid, custom_rates: { energy_rate_adjustment_cents_per_kwh: '3' }, ...extra });
      assert.equal((await request({ esi_id: w.unknownEsiId })).status, 404);
      assert.equal((await request({ esi_id: w.quoted.esiId, postal_code: '77002' })).status, 400);
      assert.equal((await request({ postal_code: austin })).status, 400);
      assert.deepEqual(await priced(), rates);
      // Accepted, the same request does change them (+3 instead of -0.5 on every plan).
      assert.equal((await request({ esi_id: w.quoted.esiId })).status, 200);
      assert.deepEqual(await priced(), rates.map((r) => Math.round((r + 3.5) * 1000) / 1000));
    } finally {
      w.h.close();
    }
  });
});

describe('refusals change nothing', () => {
  let registered: string[] = [];

  before(async () => {
    const w = await buildWorld();
    registered = [...new Set(w.h.sb.app.routes.filter((r) => MUTATING.includes(r.method)).map((r) => `${r.method} ${r.path}`))];
    w.h.close();
  });

  it('has a row for every mutating route the app registers, and none for a route it does not', () => {
    const rows = ROWS.map((r) => r.route);
    assert.deepEqual(registered.filter((r) => !rows.includes(r)), [], 'mutating routes without a row in ROWS');
    assert.deepEqual(rows.filter((r) => !registered.includes(r)), [], 'rows for routes the app does not register');
    assert.equal(new Set(rows).size, rows.length, 'one row per route');
  });

  for (const row of ROWS) {
    it(row.route, async (t) => {
      const method = row.route.split(' ')[0] as Method;
      const pattern = routePattern(row.route);
      // One world per row; a refusal that fails (and may have changed it) gets the next one a fresh world, so each
      // failure is reported on its own rather than hidden by, or blamed on, an earlier one.
      let w = await buildWorld();
      let dirty = false;
      try {
        const refusals = [...commonRefusals(row), ...row.refusals];
        assert.ok(refusals.length > 0);
        for (const refusal of refusals) {
          await t.test(`${refusal.status} ${refusal.why}`, async () => {
            if (dirty) {
              w.h.close();
              w = await buildWorld();
              dirty = false;
            }
            dirty = true;
            const req = refusal.req(w, row.accepted(w));
            // As the URL parser normalizes it: `%2e%2e` is a dot segment, so such a path would reach another route.
            assert.match(new URL(req.path, 'http://sandbox.test').pathname, pattern, 'the refusal must call the row\'s route');
            const before = snapshot(w.h.sb);
            const res = await send(w, method, req);
            assert.equal(res.status, refusal.status, JSON.stringify(res.body));
            assert.equal(res.body?.error?.code, refusal.code, JSON.stringify(res.body));
            if (refusal.fields) {
              const named = ((res.body.error.fields ?? []) as { field: string }[]).map((f) => f.field).sort();
              assert.deepEqual(named, [...refusal.fields].sort());
            }
            assert.deepStrictEqual(snapshot(w.h.sb), before, 'the refused request changed the sandbox');
            dirty = false;
          });
        }
        await t.test('the unbroken request is accepted', async () => {
          const res = await send(w, method, row.accepted(w));
          assert.ok(res.status >= 200 && res.status < 300, `${res.status} ${JSON.stringify(res.body)}`);
        });
      } finally {
        w.h.close();
      }
    });
  }
});
