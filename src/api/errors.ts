/**
 * The one error type of the API layer. Every failed request (after the retry policy gave up) becomes an `ApiError`,
 * except a cancelled one, which stays a DOMException named `AbortError` so callers can ignore it with `isAbortError`.
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

  /**
   * Builds the error from a non-2xx response. The body is read defensively: a proxy or a crashed server may answer
   * with HTML or nothing, and the user must still get a classified error rather than a JSON parse failure.
   */
  static async fromResponse(response: Response, retryAfter?: number): Promise<ApiError> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const error = readErrorBody(body);
    return new ApiError({
      status: response.status,
      code: error?.code ?? defaultCode(response.status),
      message: error?.message ?? (response.statusText || `HTTP ${response.status}`),
      fields: error?.fields ?? [],
      ...(retryAfter === undefined ? {} : { retryAfter }),
    });
  }
}

function readErrorBody(body: unknown): { code?: string; message?: string; fields?: ApiFieldError[] } | undefined {
  if (!isObject(body) || !isObject(body.error)) return undefined;
  const e = body.error;
  const fields = Array.isArray(e.fields)
    ? e.fields.filter(isObject).map((f) => ({
        field: String(f.field ?? ''),
        code: String(f.code ?? ''),
        message: String(f.message ?? ''),
      }))
    : undefined;
  return {
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.message === 'string' ? { message: e.message } : {}),
    ...(fields ? { fields } : {}),
  };
}

function defaultCode(status: number): string {
  switch (status) {
    case 400: return 'invalid_request';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'not_found';
    case 422: return 'unprocessable';
    case 429: return 'rate_limited';
    case 503: return 'unavailable';
    default: return status >= 500 ? 'internal' : 'invalid_request';
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
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
