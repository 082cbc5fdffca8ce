/**
 * FlowApi: the transport the flow's typed calls go through with its flow token, and the calls of the first screen.
 * Plain functions, no DOM, so the root can inject a fake transport in component tests. Every call goes through the
 * retry policy of retry.ts; every POST/PATCH/PUT carries an `Idempotency-Key` (fresh per call unless the caller passes the
 * key of the user action it is repeating), which is what makes retrying a mutating request safe. The later steps'
 * calls live in modules of their own (enroll.ts, plans.ts, billing.ts, locations.ts, address-search.ts), imported by
 * the step chunks, so the first screen does not carry them.
 */
import { ApiError } from './errors.js';
import { isRetrySafe, parseRetryAfter, sendWithRetry, type RetryPolicy, type Sleep } from './retry.js';
import type * as Contract from './types.js';
import type { Account, AddressSearchResult, FlowSession } from './types.js';

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

/**
 * The request types are the flow's stricter view of the contract's (`terms_accepted: true`, one start date field);
 * each module's `ContractConformance` fails the type check if the contract (openapi.yaml → types.ts) stops accepting
 * them.
 */
export type Accepts<Contracted, Ours extends Contracted> = [Contracted, Ours];
export type ContractConformance = [Accepts<Contract.FullAddressSearchRequest, FullAddressSearchRequest>];

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/**
 * The transport every typed call goes through (the calls themselves are plain functions taking it, here and in the
 * modules next to this one, so a step's calls load with the step and a component test fakes this one method).
 */
export interface FlowApi {
  request<T>(method: Method, path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
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

  return { request };
}

/** The options a call taking only an AbortSignal passes on. */
export const sig = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});

// The calls of the first screen: the session, the account and the address form's search.
export const getAccount = (api: FlowApi, signal?: AbortSignal): Promise<Account> =>
  api.request('GET', '/v1/account', undefined, sig(signal));

export const getFlow = (api: FlowApi, signal?: AbortSignal): Promise<FlowSession> =>
  api.request('GET', '/v1/account/flow', undefined, sig(signal));

export const fullAddressSearch = (
  api: FlowApi,
  address: FullAddressSearchRequest,
  signal?: AbortSignal,
): Promise<AddressSearchResult[]> => api.request('POST', '/v1/account/enroll/full-address-search', address, sig(signal));
