/**
 * What a request does once it went wrong, loaded only then (with the session's chunk, vite.config.ts, so it is
 * usually there long before): the retry policy (retry.ts) takes over from the client's first attempt, and a final
 * error response is read into an ApiError. A request that goes right never needs this code, so the first screen
 * does not carry it.
 */
import { ApiError, type ApiFieldError } from './errors.js';
import { isRetrySafe, parseRetryAfter, sendWithRetry, type Outcome, type SendOptions } from './retry.js';

/** The request the client made (whether it may be sent again depends on them) and the retry policy's options. */
export interface Recovery extends Omit<SendOptions, 'safe'> {
  method: string;
  headers: Headers;
}

/**
 * Runs the retry policy from the first attempt's outcome. Resolves with a 2xx response; rejects with an ApiError
 * (the final error response, or network loss) or an AbortError.
 */
export async function recover(attempt: (signal: AbortSignal) => Promise<Response>, request: Recovery, first: Outcome): Promise<Response> {
  const { method, headers, ...options } = request;
  const response = await sendWithRetry(attempt, { ...options, safe: isRetrySafe(method, headers) }, first);
  if (response.ok) return response;
  throw await errorFromResponse(response, parseRetryAfter(response.headers.get('Retry-After')));
}

/**
 * Builds the error from a non-2xx response. The body is read defensively: a proxy or a crashed server may answer
 * with HTML or nothing, and the user must still get a classified error rather than a JSON parse failure.
 */
export async function errorFromResponse(response: Response, retryAfter?: number): Promise<ApiError> {
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
