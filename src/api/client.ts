/**
 * FlowApi: the typed calls the flow makes with its flow token. Plain functions, no DOM, so the root can inject a
 * fake in component tests. Every call goes through the retry policy of retry.ts; every POST/PATCH carries an
 * `Idempotency-Key` (fresh per call unless the caller passes the key of the user action it is repeating), which is
 * what makes retrying a mutating request safe.
 */
import { ApiError } from './errors.js';
import { isRetrySafe, parseRetryAfter, sendWithRetry, type RetryPolicy, type Sleep } from './retry.js';
import type * as Contract from './types.js';
import type { Account, AddressSearchResult, FlowSession, Location, OptOutReason, PaymentMethod, PaymentSession, Plan } from './types.js';

export type { PaymentSession };

export interface RequestOptions {
  signal?: AbortSignal;
  /** The key of the user action (attempt-key.ts): the same request sent again reuses it, so it cannot happen twice. */
  idempotencyKey?: string;
}

export interface FullAddressSearchRequest {
  address_1: string;
  address_2?: string | null;
  city?: string;
  state?: string;
  postal_code: string;
}

export interface AcceptPlanRequest {
  esi_id: string;
  plan_uuid: string;
  /** YYYY-MM-DD, between the plan's earliest and latest start dates. */
  start_date: string;
  terms_accepted: true;
  /** `client_agent`: the partner accepts on the customer's behalf (client agent enrollment; finalize must then say so). */
  accepted_by?: 'customer' | 'client_agent';
}

export interface IdentityRequest {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
}

export interface CreditCheckRequest {
  /** Nine digits, dashes allowed. Sent once, never stored or logged by the flow. */
  ssn: string;
  consent: true;
}

export interface FinalizeRequest {
  is_client_agent_enrollment?: boolean;
}

export type FlowEventRequest =
  | { event: 'plans_viewed'; plan_uuids: string[] }
  | { event: 'enrollment_opt_out'; plan_uuids: string[]; reason?: string; label?: string };

/**
 * The request types above are the flow's stricter view of the contract's (`terms_accepted: true`, one start date
 * field); this fails the type check if the contract (openapi.yaml → types.ts) stops accepting them.
 */
type Accepts<Contracted, Ours extends Contracted> = [Contracted, Ours];
export type ContractConformance = [
  Accepts<Contract.FullAddressSearchRequest, FullAddressSearchRequest>,
  Accepts<Contract.AcceptPlanRequest, AcceptPlanRequest>,
  Accepts<Contract.IdentityRequest, IdentityRequest>,
  Accepts<Contract.CreditCheckRequest, CreditCheckRequest>,
  Accepts<Contract.FinalizeRequest, FinalizeRequest>,
  Accepts<Contract.FlowEvent, FlowEventRequest>,
];

export interface FlowApi {
  getAccount(signal?: AbortSignal): Promise<Account>;
  getFlow(signal?: AbortSignal): Promise<FlowSession>;
  fullAddressSearch(address: FullAddressSearchRequest, signal?: AbortSignal): Promise<AddressSearchResult[]>;
  addressSearch(query: string, postalCode?: string, signal?: AbortSignal): Promise<AddressSearchResult[]>;
  esiIdSearch(esiId: string, signal?: AbortSignal): Promise<AddressSearchResult>;
  requestPlans(esiId: string, signal?: AbortSignal): Promise<Plan[]>;
  acceptPlan(body: AcceptPlanRequest, opts?: RequestOptions): Promise<Account>;
  updateIdentity(body: IdentityRequest, opts?: RequestOptions): Promise<Account>;
  submitCreditCheck(body: CreditCheckRequest, opts?: RequestOptions): Promise<Account>;
  createPaymentSession(opts?: RequestOptions): Promise<PaymentSession>;
  ensurePaymentMethodAdded(paymentMethodId: string, opts?: RequestOptions): Promise<Account>;
  getPaymentMethod(signal?: AbortSignal): Promise<PaymentMethod>;
  /** The account's location (`account.location_uuid`) with its contract: the accepted plan as the service has it. */
  getLocation(locationUuid: string, signal?: AbortSignal): Promise<Location>;
  finalize(body?: FinalizeRequest, opts?: RequestOptions): Promise<void>;
  recordEvent(body: FlowEventRequest, opts?: RequestOptions): Promise<{ recorded: boolean }>;
  optOutReasons(locale: string, signal?: AbortSignal): Promise<OptOutReason[]>;
}

export interface FlowApiOptions {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  sleep?: Sleep;
  policy?: Partial<RetryPolicy>;
  /** Called on every 401 (the flow token expired or was revoked), before the ApiError is thrown. */
  onUnauthorized?: (error: ApiError) => void;
}

type Method = 'GET' | 'POST' | 'PATCH';

/** A random key per user action; crypto.randomUUID needs a secure context, which every flow page is. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function createFlowApi(options: FlowApiOptions): FlowApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function request<T>(method: Method, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${options.token}` });
    if (method !== 'GET') headers.set('Idempotency-Key', opts.idempotencyKey ?? newIdempotencyKey());
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    // Serialised once: the same bytes go out on every attempt, and the body never reaches a log.
    const payload = body === undefined ? undefined : JSON.stringify(body);

    const response = await sendWithRetry(
      (signal) =>
        doFetch(`${base}${path}`, {
          method,
          headers,
          signal,
          credentials: 'omit',
          cache: 'no-store',
          referrerPolicy: 'no-referrer',
          ...(payload === undefined ? {} : { body: payload }),
        }),
      {
        safe: isRetrySafe(method, headers),
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
        ...(options.policy ? { policy: options.policy } : {}),
      },
    );

    if (!response.ok) {
      const error = await ApiError.fromResponse(response, parseRetryAfter(response.headers.get('Retry-After')));
      if (error.kind === 'unauthorized') options.onUnauthorized?.(error);
      throw error;
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const sig = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});

  return {
    getAccount: (signal) => request<Account>('GET', '/v1/account', undefined, sig(signal)),
    getFlow: (signal) => request<FlowSession>('GET', '/v1/account/flow', undefined, sig(signal)),
    fullAddressSearch: (address, signal) =>
      request<AddressSearchResult[]>('POST', '/v1/account/enroll/full-address-search', address, sig(signal)),
    addressSearch: (query, postalCode, signal) =>
      request<AddressSearchResult[]>(
        'POST',
        '/v1/account/enroll/address-search',
        postalCode ? { query, postal_code: postalCode } : { query },
        sig(signal),
      ),
    esiIdSearch: (esiId, signal) =>
      request<AddressSearchResult>('POST', '/v1/account/enroll/esi-id-search', { esi_id: esiId }, sig(signal)),
    requestPlans: (esiId, signal) =>
      request<Plan[]>('POST', '/v1/account/enroll/plans/request', { esi_id: esiId }, sig(signal)),
    acceptPlan: (body, opts) => request<Account>('POST', '/v1/account/enroll/plans/accept', body, opts),
    updateIdentity: (body, opts) => request<Account>('PATCH', '/v1/account/enroll/identity', body, opts),
    submitCreditCheck: (body, opts) => request<Account>('POST', '/v1/account/enroll/credit-check', body, opts),
    createPaymentSession: (opts) => request<PaymentSession>('POST', '/v1/account/billing/payment-session', {}, opts),
    ensurePaymentMethodAdded: (paymentMethodId, opts) =>
      request<Account>(
        'POST',
        '/v1/account/billing/ensure-payment-method-added',
        { payment_method_id: paymentMethodId },
        opts,
      ),
    getPaymentMethod: (signal) => request<PaymentMethod>('GET', '/v1/account/billing/payment-method', undefined, sig(signal)),
    getLocation: (locationUuid, signal) =>
      request<Location>('GET', `/v1/account/locations/${encodeURIComponent(locationUuid)}`, undefined, sig(signal)),
    finalize: async (body, opts) => {
      await request<unknown>('POST', '/v1/account/enroll/finalize', body ?? {}, opts);
    },
    recordEvent: (body, opts) => request<{ recorded: boolean }>('POST', '/v1/account/events', body, opts),
    optOutReasons: (locale, signal) =>
      request<OptOutReason[]>(
        'GET',
        `/v1/account/enroll/opt-out/reasons?locale=${encodeURIComponent(locale)}`,
        undefined,
        sig(signal),
      ),
  };
}
