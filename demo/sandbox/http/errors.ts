/**
 * The one error shape of the sandbox (docs/api-decisions.md, "Error body"): every 4xx/5xx answer is
 * `{ error: { status, code, message, fields? } }`. Handlers throw `ApiError`; `app.onError` renders it, so no
 * route builds an error body by hand and the shape cannot drift between routes.
 */

export type ErrorCode =
  | 'invalid_json'
  | 'invalid_request'
  | 'unauthorized'
  | 'token_expired'
  | 'forbidden'
  | 'not_found'
  // Not in the decisions list, which names no 405 code; the natural extension, reported to the contract owner.
  | 'method_not_allowed'
  | 'payload_too_large'
  // A sandbox control sent a body that is not JSON (http/controls.ts); the real service's API names no 415.
  | 'unsupported_media_type'
  | 'cannot_finalize_enrollment'
  | 'unprocessable'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

export type FieldCode =
  | 'required'
  | 'type'
  | 'enum'
  | 'format'
  | 'range'
  | 'unknown_field'
  | 'must_be_true'
  // An Idempotency-Key already used for a different request (http/idempotency.ts).
  | 'reused';

export interface FieldIssue {
  field: string;
  code: FieldCode | string;
  message: string;
}

export interface ErrorBody {
  error: { status: number; code: ErrorCode; message: string; fields?: FieldIssue[] };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: FieldIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, fields?: FieldIssue[], headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }

  body(): ErrorBody {
    const error: ErrorBody['error'] = { status: this.status, code: this.code, message: this.message };
    if (this.fields && this.fields.length > 0) error.fields = this.fields;
    return { error };
  }

  toResponse(): Response {
    return new Response(JSON.stringify(this.body()), {
      status: this.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...this.headers },
    });
  }
}

/** Field-level message helpers: the decisions example uses the last path segment ("postal_code is required"). */
export function fieldName(path: string): string {
  const last = path.split('.').pop() ?? path;
  return last.replace(/\[\d+\]$/, '') || path;
}

export const fail = {
  invalid(fields: FieldIssue[], message = describeIssues(fields)): ApiError {
    return new ApiError(400, 'invalid_request', message, fields);
  },
  field(field: string, code: FieldCode, message: string): ApiError {
    return new ApiError(400, 'invalid_request', message, [{ field, code, message }]);
  },
  invalidJson(detail: string): ApiError {
    return new ApiError(400, 'invalid_json', `The request body is not valid JSON: ${detail}`);
  },
  unauthorized(message = 'A valid bearer token is required'): ApiError {
    return new ApiError(401, 'unauthorized', message);
  },
  tokenExpired(): ApiError {
    return new ApiError(401, 'token_expired', 'The token has expired; request a new one');
  },
  forbidden(message: string): ApiError {
    return new ApiError(403, 'forbidden', message);
  },
  notFound(message = 'Not found'): ApiError {
    return new ApiError(404, 'not_found', message);
  },
  methodNotAllowed(method: string, allowed: string[]): ApiError {
    return new ApiError(405, 'method_not_allowed', `${method} is not allowed here; use ${allowed.join(', ')}`, undefined, {
      Allow: allowed.join(', '),
    });
  },
  tooLarge(limit: number): ApiError {
    return new ApiError(413, 'payload_too_large', `The request body is larger than ${limit} bytes`);
  },
  unsupportedMediaType(contentType: string | undefined): ApiError {
    const sent = contentType === undefined ? 'none' : contentType.slice(0, 100);
    return new ApiError(415, 'unsupported_media_type', `Content-Type must be application/json (sent: ${sent})`);
  },
  unprocessable(field: string, code: string, message: string): ApiError {
    return new ApiError(422, 'unprocessable', message, [{ field, code, message }]);
  },
  rateLimited(retryAfterSeconds: number, limit: number): ApiError {
    return new ApiError(429, 'rate_limited', `Too Many Requests: more than ${limit} requests per second`, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  },
  internal(): ApiError {
    return new ApiError(500, 'internal', 'Internal error in the sandbox');
  },
};

function describeIssues(fields: FieldIssue[]): string {
  if (fields.length === 1) return fields[0]!.message;
  return `${fields.length} fields are invalid: ${fields.map((f) => f.field).join(', ')}`;
}

/**
 * Runs a check that throws a 400 naming fields and adds those fields to `issues` instead: a handler's own checks
 * (a cursor, an age) join the contract's, so one 400 names every bad field. Any other error is thrown on.
 */
export function collect(issues: FieldIssue[], check: () => unknown): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400 && error.fields?.length)) throw error;
    issues.push(...error.fields);
  }
}
