/**
 * FlowApi: the transport the flow's typed calls go through with its flow token, and the calls of the first screen.
 * Plain functions, no DOM, so the root can inject a fake transport in component tests. A call that goes wrong (no
 * answer, or an error status) is handed to recover.ts: the retry policy of retry.ts, then the error read from the
 * answer, loaded only then; every POST/PATCH/PUT carries an `Idempotency-Key` (fresh per call unless the caller passes the
 * key of the user action it is repeating), which is what makes retrying a mutating request safe. The later steps'
 * calls live in modules of their own (enroll.ts, plans.ts, card.ts, billing.ts, locations.ts, address-search.ts, …), imported by
 * the step chunks, so the first screen does not carry them.
 */
import { ATTEMPT_TIMEOUT_MS, attemptWithTimeout } from './attempt.js';
import { ApiError, abortError } from './errors.js';
import type { Recovery } from './recover.js';
import type { Outcome, RetryPolicy, Sleep } from './retry.js';
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
  /**
   * Responses already asked for with this token (the page's early requests), by URL: each answers the first GET of
   * its URL as that request's first attempt (its deadline, the retries and the error reading are as for any).
   */
  prefetched?: Record<string, Promise<Response>>;
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

    const url = `${base}${path}`;
    const attempt = (signal: AbortSignal) =>
      doFetch(url, {
        method,
        headers,
        signal,
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
        ...(payload === undefined ? {} : { body: payload }),
      });
    const sent = method === 'GET' ? options.prefetched?.[url] : undefined;
    if (sent) delete options.prefetched![url];
    // A response asked for already is waited for like an attempt: given up at its deadline or when the caller aborts.
    const firstAttempt = sent
      ? (signal: AbortSignal) =>
          new Promise<Response>((resolve, reject) => {
            signal.addEventListener('abort', () => reject(signal.reason));
            sent.then(resolve, reject);
          })
      : attempt;
    let first: Outcome;
    try {
      first = { response: await attemptWithTimeout(firstAttempt, options.policy?.timeoutMs ?? ATTEMPT_TIMEOUT_MS, opts.signal) };
    } catch (error) {
      if (opts.signal?.aborted) throw abortError(opts.signal);
      first = { error };
    }
    let response = 'response' in first && first.response.ok ? first.response : undefined;
    if (!response) {
      // Something went wrong: the retry policy and the reading of the error take over (recover.ts).
      const send: Recovery = {
        method,
        headers,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
        ...(options.policy ? { policy: options.policy } : {}),
      };
      try {
        response = await recoverFrom(attempt, send, first);
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'unauthorized') options.onUnauthorized?.(error);
        throw error;
      }
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return { request };
}

/**
 * Hands a request that went wrong to recover.ts. When even that code cannot load (the network is gone), the first
 * outcome is reported as it is, without retrying: network loss, or the error response by its status.
 */
export async function recoverFrom(
  attempt: (signal: AbortSignal) => Promise<Response>,
  send: Recovery,
  first: Outcome,
  load: () => Promise<typeof import('./recover.js')> = () => import('./recover.js'),
): Promise<Response> {
  let recovery: typeof import('./recover.js');
  try {
    recovery = await load();
  } catch {
    if (!('response' in first)) throw ApiError.network(first.error);
    const { status, statusText } = first.response;
    throw new ApiError({ status, code: 'unknown', message: statusText || `HTTP ${status}` });
  }
  return recovery.recover(attempt, send, first);
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
