/**
 * The retry policy of the API client, kept pure (fetch, sleep and randomness are injected) so that it can be tested
 * without a network or a clock.
 *
 * - 429: the service rejected the request before doing anything, so any method may be repeated once the
 *   `Retry-After` delay has passed. The service's limits are per-second windows (a delay of a second or two); a
 *   longer one (an overloaded service) ends the retries at once and the caller reports it (with `retryAfter`): the
 *   customer sees why and a "Try again", not a loading line that lasts for a minute and more.
 * - 5xx, network loss and per-attempt timeouts: repeated only when repeating cannot duplicate a side effect, that is
 *   for GET/HEAD and for requests carrying an `Idempotency-Key` (the service replays the first response).
 * - Abort: stops at once, also while waiting between attempts, and surfaces as an `AbortError`.
 */
import { ATTEMPT_TIMEOUT_MS, attemptWithTimeout } from './attempt.js';
import { ApiError, abortError } from './errors.js';

export interface RetryPolicy {
  /** Attempts after the first one. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `Retry-After` we wait for silently; a longer one is returned to the caller at once. */
  maxRetryAfterMs: number;
  /** One attempt taking longer than this counts as network loss (a dropped connection may never answer). */
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 5_000,
  timeoutMs: ATTEMPT_TIMEOUT_MS,
};

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** setTimeout as a promise that rejects with an AbortError when `signal` aborts. */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request that may be sent twice without a second side effect. */
export function isRetrySafe(method: string, headers: Headers): boolean {
  return SAFE_METHODS.has(method.toUpperCase()) || headers.has('Idempotency-Key');
}

/** `Retry-After` as seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so that many clients recovering
 * from the same outage spread out while none retries almost immediately.
 */
export function backoffDelay(retry: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(exp / 2 + random() * (exp / 2));
}

export interface SendOptions {
  /** Whether 5xx and network failures may be retried (see `isRetrySafe`). */
  safe: boolean;
  signal?: AbortSignal;
  sleep?: Sleep;
  policy?: Partial<RetryPolicy>;
  random?: () => number;
  now?: () => number;
}

/** The retried statuses; 501 means "never going to work", so it is not one of them. */
function isTransient(status: number): boolean {
  return status >= 500 && status !== 501;
}

/** What one attempt came to: an answer (of any status), or no answer (the error fetch rejected with). */
export type Outcome = { response: Response } | { error: unknown };

/**
 * Sends with `attempt` until a response is final. Resolves with the last response (which may be an error status
 * for the caller to turn into an ApiError); rejects with ApiError (network) or an AbortError. `first` is the
 * outcome of an attempt already made (the client's own first one): the policy starts from it.
 */
export async function sendWithRetry(
  attempt: (signal: AbortSignal) => Promise<Response>,
  options: SendOptions,
  first?: Outcome,
): Promise<Response> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const wait = options.sleep ?? sleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const { signal, safe } = options;

  for (let retry = 0; ; retry += 1) {
    if (signal?.aborted) throw abortError(signal);
    const canRetry = retry < policy.maxRetries;

    let outcome: Outcome;
    if (retry === 0 && first) outcome = first;
    else {
      try {
        outcome = { response: await attemptWithTimeout(attempt, policy.timeoutMs, signal) };
      } catch (error) {
        outcome = { error };
      }
    }
    if (!('response' in outcome)) {
      if (signal?.aborted) throw abortError(signal);
      if (!safe || !canRetry) throw ApiError.network(outcome.error);
      await wait(backoffDelay(retry, policy, random), signal);
      continue;
    }

    const response = outcome.response;
    const status = response.status;
    const retryable = status === 429 || (safe && isTransient(status));
    if (!retryable || !canRetry) return response;

    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), now());
    let delay = backoffDelay(retry, policy, random);
    if (retryAfter !== undefined) {
      const ms = retryAfter * 1000;
      if (ms > policy.maxRetryAfterMs) return response;
      delay = ms;
    }
    await discard(response);
    await wait(delay, signal);
  }
}

/** Frees the connection of a response we will not read. */
async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to free.
  }
}
