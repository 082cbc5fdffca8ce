/**
 * A scripted fetch and a recording sleep for the API tests (no network, no clock), and a fake transport for the
 * component tests that answers each typed call by its route.
 */
import type { FlowApi, Method, RequestOptions } from '../../src/api/client.js';
import type { fullAddressSearch, getAccount, getFlow } from '../../src/api/client.js';
import type { addressSearch, esiIdSearch } from '../../src/api/address-search.js';
import type { requestPlans } from '../../src/api/plans.js';
import type { acceptPlan, finalize, optOutReasons, recordEvent, submitCreditCheck, updateIdentity } from '../../src/api/enroll.js';
import type { createPaymentSession, ensurePaymentMethodAdded, getPaymentMethod } from '../../src/api/card.js';
import type { getBillingAddress, getInvoice, listInvoices, updateBillingAddress } from '../../src/api/billing.js';
import type { getLocation } from '../../src/api/locations.js';
import type { listAllDocuments, listDocuments } from '../../src/api/documents.js';
import type { acceptRenewal, listRenewalPlans } from '../../src/api/renewal.js';
import type { createBatteryAuthorization, getBatteryAuthorization, listBatteryDevices, listBatteryMakers } from '../../src/api/battery.js';

export type Step = Response | Error | ((init: RequestInit) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  calls: Array<{ url: string; init: RequestInit }>;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function errorBody(status: number, code: string, fields: unknown[] = []): unknown {
  return { error: { status, code, message: code, fields } };
}

/** Answers each call with the next scripted step; the last step repeats. */
export function fakeFetch(...steps: Step[]): FakeFetch {
  const calls: FakeFetch['calls'] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    calls.push({ url: String(input), init });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)]!;
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(init);
    return step.clone();
  };
  return { fetch: fn as typeof fetch, calls };
}

export function fakeSleep(): { sleep: (ms: number, signal?: AbortSignal) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    },
  };
}

// ── A fake transport for component tests: the typed calls by route ──

/** Every typed call of the flow, by name: what a fake answers for. */
interface Calls {
  getAccount: typeof getAccount;
  getFlow: typeof getFlow;
  fullAddressSearch: typeof fullAddressSearch;
  addressSearch: typeof addressSearch;
  esiIdSearch: typeof esiIdSearch;
  requestPlans: typeof requestPlans;
  acceptPlan: typeof acceptPlan;
  updateIdentity: typeof updateIdentity;
  submitCreditCheck: typeof submitCreditCheck;
  createPaymentSession: typeof createPaymentSession;
  ensurePaymentMethodAdded: typeof ensurePaymentMethodAdded;
  getPaymentMethod: typeof getPaymentMethod;
  getLocation: typeof getLocation;
  listInvoices: typeof listInvoices;
  getInvoice: typeof getInvoice;
  getBillingAddress: typeof getBillingAddress;
  updateBillingAddress: typeof updateBillingAddress;
  finalize: typeof finalize;
  recordEvent: typeof recordEvent;
  optOutReasons: typeof optOutReasons;
  listDocuments: typeof listDocuments;
  listAllDocuments: typeof listAllDocuments;
  listRenewalPlans: typeof listRenewalPlans;
  acceptRenewal: typeof acceptRenewal;
  listBatteryMakers: typeof listBatteryMakers;
  createBatteryAuthorization: typeof createBatteryAuthorization;
  getBatteryAuthorization: typeof getBatteryAuthorization;
  listBatteryDevices: typeof listBatteryDevices;
}
export type CallName = keyof Calls;
type Tail<T> = T extends [unknown, ...infer R] ? R : never;
/** The arguments a step passed to the call, after the transport. */
export type CallArgs<N extends CallName> = Tail<Parameters<Calls[N]>>;
/** What a test answers a call with: the call's own signature without the transport. */
export type CallHandler<N extends CallName> = (...args: CallArgs<N>) => ReturnType<Calls[N]>;

interface Route<N extends CallName> {
  method: Method;
  path: RegExp;
  /** The call's arguments back from what it sent: the handler sees what the step passed. */
  args: (match: RegExpExecArray, body: never, opts: RequestOptions) => CallArgs<N>;
}

const signalOf = (opts: RequestOptions): AbortSignal | undefined => opts.signal;

/** Each call's route, as the service has it; a call the fake does not know is a test failure. */
const ROUTES: { [N in CallName]: Route<N> } = {
  getAccount: { method: 'GET', path: /^\/v1\/account$/, args: (_m, _b, o) => [signalOf(o)] },
  getFlow: { method: 'GET', path: /^\/v1\/account\/flow$/, args: (_m, _b, o) => [signalOf(o)] },
  fullAddressSearch: {
    method: 'POST',
    path: /^\/v1\/account\/enroll\/full-address-search$/,
    args: (_m, body: CallArgs<'fullAddressSearch'>[0], o) => [body, signalOf(o)],
  },
  addressSearch: {
    method: 'POST',
    path: /^\/v1\/account\/enroll\/address-search$/,
    args: (_m, body: { query: string; postal_code?: string }, o) => [body.query, body.postal_code, signalOf(o)],
  },
  esiIdSearch: {
    method: 'POST',
    path: /^\/v1\/account\/enroll\/esi-id-search$/,
    args: (_m, body: { esi_id: string }, o) => [body.esi_id, signalOf(o)],
  },
  requestPlans: {
    method: 'POST',
    path: /^\/v1\/account\/enroll\/plans\/request$/,
    args: (_m, body: { esi_id: string }, o) => [body.esi_id, signalOf(o)],
  },
  acceptPlan: { method: 'POST', path: /^\/v1\/account\/enroll\/plans\/accept$/, args: (_m, body: CallArgs<'acceptPlan'>[0], o) => [body, o] },
  updateIdentity: { method: 'PATCH', path: /^\/v1\/account\/enroll\/identity$/, args: (_m, body: CallArgs<'updateIdentity'>[0], o) => [body, o] },
  submitCreditCheck: {
    method: 'POST',
    path: /^\/v1\/account\/enroll\/credit-check$/,
    args: (_m, body: CallArgs<'submitCreditCheck'>[0], o) => [body, o],
  },
  createPaymentSession: { method: 'POST', path: /^\/v1\/account\/billing\/payment-session$/, args: (_m, _b, o) => [o] },
  ensurePaymentMethodAdded: {
    method: 'POST',
    path: /^\/v1\/account\/billing\/ensure-payment-method-added$/,
    args: (_m, body: { payment_method_id: string }, o) => [body.payment_method_id, o],
  },
  getPaymentMethod: { method: 'GET', path: /^\/v1\/account\/billing\/payment-method$/, args: (_m, _b, o) => [signalOf(o)] },
  getLocation: {
    method: 'GET',
    path: /^\/v1\/account\/locations\/([^/?]+)$/,
    args: (m, _b, o) => [decodeURIComponent(m[1]!), signalOf(o)],
  },
  listInvoices: {
    method: 'GET',
    path: /^\/v1\/account\/billing\/invoices\?(.*)$/,
    args: (m, _b, o) => {
      const query = new URLSearchParams(m[1]);
      return [{ limit: Number(query.get('limit')), cursor: query.get('cursor') }, signalOf(o)];
    },
  },
  getInvoice: {
    method: 'GET',
    path: /^\/v1\/account\/billing\/invoices\/([^/?]+)$/,
    args: (m, _b, o) => [decodeURIComponent(m[1]!), signalOf(o)],
  },
  getBillingAddress: { method: 'GET', path: /^\/v1\/account\/billing\/address$/, args: (_m, _b, o) => [signalOf(o)] },
  updateBillingAddress: {
    method: 'PUT',
    path: /^\/v1\/account\/billing\/address$/,
    args: (_m, body: CallArgs<'updateBillingAddress'>[0], o) => [body, o],
  },
  finalize: { method: 'POST', path: /^\/v1\/account\/enroll\/finalize$/, args: (_m, body: CallArgs<'finalize'>[0], o) => [body, o] },
  recordEvent: { method: 'POST', path: /^\/v1\/account\/events$/, args: (_m, body: CallArgs<'recordEvent'>[0], o) => [body, o] },
  optOutReasons: {
    method: 'GET',
    path: /^\/v1\/account\/enroll\/opt-out\/reasons\?locale=([^&]+)$/,
    args: (m, _b, o) => [decodeURIComponent(m[1]!), signalOf(o)],
  },
  listDocuments: {
    method: 'GET',
    path: /^\/v1\/account\/locations\/([^/?]+)\/documents$/,
    args: (m, _b, o) => [decodeURIComponent(m[1]!), signalOf(o)],
  },
  listAllDocuments: {
    method: 'GET',
    path: /^\/v1\/account\/locations\/([^/?]+)\/all-documents$/,
    args: (m, _b, o) => [decodeURIComponent(m[1]!), signalOf(o)],
  },
  listRenewalPlans: {
    method: 'GET',
    path: /^\/v1\/account\/locations\/([^/?]+)\/renewal\/plans$/,
    args: (m, _b, o) => [decodeURIComponent(m[1]!), signalOf(o)],
  },
  acceptRenewal: {
    method: 'POST',
    path: /^\/v1\/account\/locations\/([^/?]+)\/renewal\/accept$/,
    args: (m, body: CallArgs<'acceptRenewal'>[1], o) => [decodeURIComponent(m[1]!), body, o],
  },
  listBatteryMakers: { method: 'GET', path: /^\/v1\/account\/battery\/makers$/, args: (_m, _b, o) => [signalOf(o)] },
  createBatteryAuthorization: {
    method: 'POST',
    path: /^\/v1\/account\/battery\/authorizations$/,
    args: (_m, body: CallArgs<'createBatteryAuthorization'>[0], o) => [body, o],
  },
  getBatteryAuthorization: {
    method: 'GET',
    path: /^\/v1\/account\/battery\/authorizations\/([^/?]+)$/,
    args: (m, _b, o) => [decodeURIComponent(m[1]!), signalOf(o)],
  },
  listBatteryDevices: { method: 'GET', path: /^\/v1\/account\/battery\/devices$/, args: (_m, _b, o) => [signalOf(o)] },
};

export interface RoutedCall<N extends CallName = CallName> {
  name: N;
  args: CallArgs<N>;
  /** What went over the transport. */
  method: Method;
  path: string;
  body: unknown;
  opts: RequestOptions;
}

/**
 * A FlowApi transport that finds the typed call a request belongs to by method and path and hands the call's
 * arguments to `answer`; a request no call makes rejects, so a wrong route fails the test.
 */
export function routedTransport(answer: (call: RoutedCall) => Promise<unknown>): FlowApi {
  const names = Object.keys(ROUTES) as CallName[];
  return {
    request<T>(method: Method, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
      for (const name of names) {
        const route = ROUTES[name] as Route<CallName>;
        const match = route.method === method ? route.path.exec(path) : null;
        if (match) {
          const args = route.args(match, body as never, opts);
          return answer({ name, args, method, path, body, opts }) as Promise<T>;
        }
      }
      return Promise.reject(new Error(`fake transport: no call sends ${method} ${path}`));
    },
  };
}
