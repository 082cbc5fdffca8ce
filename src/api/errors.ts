/**
 * The one error type of the API layer. Every failed request (after the retry policy gave up) becomes an `ApiError`,
 * except a cancelled one, which stays a DOMException named `AbortError` so callers can ignore it with `isAbortError`.
 * Reading one from an error response is recover.ts's (loaded only when a request goes wrong).
 */

/** What the UI should do about an error, independent of the exact status code. */
export type ApiErrorKind = 'network' | 'unauthorized' | 'forbidden' | 'validation' | 'rate_limited' | 'server' | 'not_found';

/** One bad field, as the service names it (`address.postal_code`, `date_of_birth`, …). */
export interface ApiFieldError {
  field: string;
  code: string;
  message: string;
}

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  fields?: ApiFieldError[];
  /** Seconds, from the `Retry-After` header of a 429 or 503. */
  retryAfter?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived (network loss, timeout). */
  readonly status: number;
  /** The service's machine-readable code (`invalid_request`, `token_expired`, …), or `network`. */
  readonly code: string;
  readonly fields: ApiFieldError[];
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }

  get kind(): ApiErrorKind {
    const s = this.status;
    if (s === 0) return 'network';
    if (s === 401) return 'unauthorized';
    if (s === 403) return 'forbidden';
    if (s === 404) return 'not_found';
    if (s === 429) return 'rate_limited';
    if (s >= 500) return 'server';
    return 'validation';
  }

  static network(cause?: unknown): ApiError {
    return new ApiError({ status: 0, code: 'network', message: 'The service could not be reached', cause });
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** True for a cancelled request (our own abort, @lit/task's abort, or fetch's). Such errors are never shown. */
export function isAbortError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

export function abortError(signal?: AbortSignal): DOMException {
  const reason: unknown = signal?.reason;
  return reason instanceof DOMException && reason.name === 'AbortError'
    ? reason
    : new DOMException('The operation was aborted.', 'AbortError');
}
