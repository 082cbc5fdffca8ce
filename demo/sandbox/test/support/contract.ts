/**
 * Validates sandbox requests and responses against the OpenAPI contract (openapi/openapi.yaml).
 *
 *   assertMatchesContract('POST', '/v1/account/enroll/plans/request', 200, body);
 *
 * finds the operation whose path template matches the concrete path, picks the response documented for the status
 * (exact code, then a range such as `5XX`, then `default`), and validates the body with Ajv (JSON Schema 2020-12,
 * $refs resolved inside the document). The custom `x-status-pairs` keyword is enforced, so an Account whose
 * status_reason does not belong to its status fails as well. An undocumented operation or status fails too.
 */
import { AssertionError } from 'node:assert';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, SchemaValidateFunction, ValidateFunction } from 'ajv';
import { registerFormats } from '../../http/formats.js';

type Json = Record<string, unknown>;

export const CONTRACT_URL = new URL('../../../../openapi/openapi.yaml', import.meta.url);
const DOC_ID = 'openapi.yaml';
const OPENAPI_ROOT_FIELDS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'tags', 'security', 'paths', 'webhooks', 'components', 'externalDocs'];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OpenApiOperation extends Json {
  operationId?: string;
  tags?: string[];
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
  security?: Record<string, string[]>[];
  'x-flow-scopes'?: string[];
}

export interface OperationMatch {
  method: HttpMethod;
  /** The path template, e.g. `/v1/account/locations/{location_uuid}/documents`. */
  template: string;
  operationId: string;
  operation: OpenApiOperation;
  /** Path parameters taken from the concrete path. */
  params: Record<string, string>;
  /** JSON pointer of the operation in the document. */
  pointer: string;
}

let cachedDocument: Json | undefined;

/** The parsed contract (parsed once; duplicate keys are an error). */
export function contractDocument(): Json {
  cachedDocument ??= parse(readFileSync(CONTRACT_URL, 'utf8'), { uniqueKeys: true, strict: true }) as Json;
  return cachedDocument;
}

/** Escapes a key for a JSON pointer (RFC 6901). */
export function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Reads the value at a local JSON pointer (`#/components/schemas/Account`). */
export function resolvePointer(pointer: string, doc: Json = contractDocument()): unknown {
  if (!pointer.startsWith('#')) throw new Error(`Only local references are supported: ${pointer}`);
  const tokens = pointer.slice(1).split('/').filter((t, i) => i > 0 || t !== '');
  let node: unknown = doc;
  for (const raw of tokens) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(token in node)) {
      throw new Error(`Unresolvable reference ${pointer} (no "${token}")`);
    }
    node = (node as Json)[token];
  }
  return node;
}

/** Follows `$ref`s of non-schema objects (responses, parameters, headers) to the object and its pointer. */
function followRefs(value: Json, pointer: string): { value: Json; pointer: string } {
  let current = value;
  let at = pointer;
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    if (hops > 10) throw new Error(`Reference cycle at ${pointer}`);
    at = current.$ref;
    current = resolvePointer(at) as Json;
  }
  return { value: current, pointer: at };
}

// ── Ajv ──

let cachedAjv: InstanceType<typeof Ajv2020> | undefined;

/** The Ajv instance holding the whole contract; keywords `x-*` and `discriminator` are annotations except `x-status-pairs`. */
export function contractAjv(): InstanceType<typeof Ajv2020> {
  if (cachedAjv) return cachedAjv;
  // strictRequired is off because it does not see properties declared next to if/then/else; the contract test
  // checks instead that every `required` name of a schema with `properties` is declared there.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, allowUnionTypes: true });
  // ajv-formats' formats and the sandbox's own (esi_id, postal_code, …), as the contract names them.
  registerFormats(ajv, { contract: true });
  ajv.addKeyword({ keyword: 'x-decision', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'discriminator', schemaType: 'object' });
  // The document itself is registered as the root schema so that `#/components/...` references resolve; its
  // OpenAPI fields are annotations to Ajv (the schemas inside are compiled only through references).
  for (const keyword of OPENAPI_ROOT_FIELDS) ajv.addKeyword({ keyword });
  ajv.addKeyword({
    keyword: 'x-status-pairs',
    type: 'object',
    schemaType: 'object',
    errors: true,
    validate: statusPairs,
  });
  ajv.addSchema(contractDocument(), DOC_ID);
  cachedAjv = ajv;
  return ajv;
}

/** Rejects a status_reason that the specification's table does not pair with the status. */
const statusPairs: SchemaValidateFunction = function (pairs: Record<string, string[]>, data: Json) {
  const { status, status_reason: reason } = data;
  if (typeof status !== 'string' || typeof reason !== 'string' || !(status in pairs)) return true;
  if (pairs[status]!.includes(reason)) return true;
  statusPairs.errors = [
    {
      keyword: 'x-status-pairs',
      message: `status_reason "${reason}" is not valid with status "${status}" (allowed: ${pairs[status]!.join(', ')})`,
      params: { status, status_reason: reason, allowed: pairs[status] },
    },
  ];
  return false;
};

const validators = new Map<string, ValidateFunction>();

/** A compiled validator for the schema at a local pointer (`#/components/schemas/Account` or an inline one). */
export function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    resolvePointer(pointer); // a clear error for a wrong pointer, before Ajv's
    const ajv = contractAjv();
    validate = ajv.getSchema(`${DOC_ID}${pointer}`);
    if (!validate) throw new Error(`No schema at ${pointer}`);
    validators.set(pointer, validate);
  }
  return validate;
}

/** A compiled validator for a component schema by name. */
export function schemaValidator(name: string): ValidateFunction {
  return validatorAt(`#/components/schemas/${pointerToken(name)}`);
}

/** Human-readable Ajv errors, one per line. */
export function formatErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const where = e.instancePath || '(root)';
    const extra =
      e.keyword === 'additionalProperties'
        ? ` "${String((e.params as { additionalProperty?: string }).additionalProperty)}"`
        : e.keyword === 'enum'
          ? ` ${JSON.stringify((e.params as { allowedValues?: unknown[] }).allowedValues)}`
          : '';
    return `${where} ${e.message ?? e.keyword}${extra} [${e.schemaPath}]`;
  });
}

/** Errors of `value` against a component schema (empty when valid). */
export function schemaErrors(name: string, value: unknown): string[] {
  const validate = schemaValidator(name);
  return validate(value) ? [] : formatErrors(validate.errors);
}

/** Throws an AssertionError listing every error of `value` against the component schema `name`. */
export function assertMatchesSchema(name: string, value: unknown): void {
  const errors = schemaErrors(name, value);
  if (errors.length > 0) {
    throw new AssertionError({
      message: `Value does not match components.schemas.${name}:\n  ${errors.join('\n  ')}`,
      actual: value,
      expected: name,
      operator: 'matchesSchema',
    });
  }
}

// ── Operations ──

interface CompiledTemplate {
  template: string;
  regex: RegExp;
  names: string[];
  literalLength: number;
}

let templates: CompiledTemplate[] | undefined;

function compiledTemplates(): CompiledTemplate[] {
  if (templates) return templates;
  const paths = contractDocument().paths as Record<string, Json>;
  templates = Object.keys(paths).map((template) => {
    const names: string[] = [];
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name) {
          names.push(name);
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    const literalLength = template.replace(/\{[^}]+\}/g, '').length;
    return { template, regex: new RegExp(`^${source}$`), names, literalLength };
  });
  // More literal text first, so /v1/app/accounts/events wins over /v1/app/accounts/{account_uuid}.
  templates.sort((a, b) => b.literalLength - a.literalLength || a.names.length - b.names.length);
  return templates;
}

/**
 * The request's path without its origin, query and fragment. A trailing slash stays: `/v1/app/accounts/` is not a
 * path of the contract, and the sandbox answers it 404 `not_found` (no route), as any other unknown path.
 */
function concretePath(path: string): string {
  let p = path;
  if (/^https?:\/\//.test(p)) p = new URL(p).pathname;
  return p.split(/[?#]/)[0]!;
}

/** A path segment percent-decoded, or as sent when it is not valid percent-encoding (`%`, `%zz`). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The operation documented for a method and a concrete path (query string and origin ignored), or undefined. */
export function findOperation(method: string, path: string): OperationMatch | undefined {
  const m = method.toLowerCase() as HttpMethod;
  if (!HTTP_METHODS.includes(m)) return undefined;
  const p = concretePath(path);
  const paths = contractDocument().paths as Record<string, Json>;
  for (const t of compiledTemplates()) {
    const match = t.regex.exec(p);
    if (!match) continue;
    const operation = paths[t.template]![m] as OpenApiOperation | undefined;
    // The most concrete matching path is the request's path (OpenAPI's rule); without the method it has no
    // operation (the sandbox answers 405), even when a templated sibling offers the method.
    if (!operation) return undefined;
    const params: Record<string, string> = {};
    t.names.forEach((name, i) => (params[name] = decodeSegment(match[i + 1]!)));
    return {
      method: m,
      template: t.template,
      operationId: operation.operationId ?? `${m} ${t.template}`,
      operation,
      params,
      pointer: `#/paths/${pointerToken(t.template)}/${m}`,
    };
  }
  return undefined;
}

/** Like findOperation, but throws an AssertionError when the contract does not document the operation. */
export function operationFor(method: string, path: string): OperationMatch {
  const found = findOperation(method, path);
  if (!found) {
    throw new AssertionError({
      message: `${method.toUpperCase()} ${concretePath(path)} is not documented in openapi/openapi.yaml`,
      operator: 'documentedOperation',
    });
  }
  return found;
}

/** Every operation of the contract (paths only, not webhooks). */
export function allOperations(): OperationMatch[] {
  const paths = contractDocument().paths as Record<string, Json>;
  const list: OperationMatch[] = [];
  for (const [template, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation) continue;
      list.push({
        method,
        template,
        operationId: operation.operationId ?? `${method} ${template}`,
        operation,
        params: {},
        pointer: `#/paths/${pointerToken(template)}/${method}`,
      });
    }
  }
  return list;
}

/** The response object documented for a status (exact, then `4XX`-style range, then `default`) and its pointer. */
export function responseFor(
  op: OperationMatch,
  status: number,
): { key: string; response: Json; pointer: string } | undefined {
  const responses = op.operation.responses ?? {};
  const range = `${String(status).charAt(0)}XX`;
  const key = [String(status), range, range.toLowerCase(), 'default'].find((k) => k in responses);
  if (!key) return undefined;
  const { value, pointer } = followRefs(responses[key]!, `${op.pointer}/responses/${pointerToken(key)}`);
  return { key, response: value, pointer };
}

type HeaderSource = Headers | Record<string, string | string[] | number | undefined>;

function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase());
  const value = entry?.[1];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Asserts that `body` is what the contract documents for `method path` answering `status`.
 * `path` is concrete (`/v1/account/locations/6f1c…/documents?x=1`); `body` is the parsed JSON (undefined for no body).
 * When `headers` are given, the response's required headers (e.g. Retry-After on 429) are checked too.
 * Throws an AssertionError listing every problem.
 */
export function assertMatchesContract(
  method: string,
  path: string,
  status: number,
  body: unknown,
  headers?: HeaderSource,
): void {
  const op = operationFor(method, path);
  const label = `${op.method.toUpperCase()} ${op.template} (${op.operationId}) → ${status}`;
  const found = responseFor(op, status);
  if (!found) {
    const documented = Object.keys(op.operation.responses ?? {}).join(', ');
    throw new AssertionError({
      message: `${label}: status ${status} is not documented (documented: ${documented})`,
      actual: status,
      operator: 'documentedStatus',
    });
  }
  const problems: string[] = [];
  const content = found.response.content as Record<string, Json> | undefined;
  if (!content) {
    if (body !== undefined && body !== null && body !== '') problems.push('(root) the contract documents no body for this response');
  } else if (content['application/json']) {
    const schemaPointer = `${found.pointer}/content/${pointerToken('application/json')}/schema`;
    if (!('schema' in content['application/json'])) throw new Error(`${label}: no schema at ${schemaPointer}`);
    const validate = validatorAt(schemaPointer);
    if (!validate(body)) problems.push(...formatErrors(validate.errors));
  } else if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
    problems.push(`(root) expected a ${Object.keys(content).join(' or ')} body (string or bytes), got ${typeof body}`);
  }
  if (headers) {
    for (const [name, def] of Object.entries((found.response.headers ?? {}) as Record<string, Json>)) {
      const { value: header } = followRefs(def, `${found.pointer}/headers/${pointerToken(name)}`);
      if (header.required === true && headerValue(headers, name) === undefined) problems.push(`header ${name} is required`);
    }
  }
  if (problems.length > 0) {
    throw new AssertionError({
      message: `${label}: the body does not match the contract:\n  ${problems.join('\n  ')}`,
      actual: body,
      operator: 'matchesContract',
    });
  }
}

/**
 * Asserts that a request body is valid for `method path` (useful to check what a client sends).
 * A missing body is accepted only when the request body is not required.
 */
export function assertRequestMatchesContract(method: string, path: string, body: unknown): void {
  const op = operationFor(method, path);
  const label = `${op.method.toUpperCase()} ${op.template} (${op.operationId}) request`;
  if (!op.operation.requestBody) {
    if (body !== undefined && body !== null) throw new AssertionError({ message: `${label}: the contract documents no request body`, operator: 'matchesContract' });
    return;
  }
  const { value: requestBody, pointer } = followRefs(op.operation.requestBody, `${op.pointer}/requestBody`);
  if (body === undefined || body === null) {
    if (requestBody.required === true) throw new AssertionError({ message: `${label}: a body is required`, operator: 'matchesContract' });
    return;
  }
  const validate = validatorAt(`${pointer}/content/${pointerToken('application/json')}/schema`);
  if (!validate(body)) {
    throw new AssertionError({
      message: `${label}: the body does not match the contract:\n  ${formatErrors(validate.errors).join('\n  ')}`,
      actual: body,
      operator: 'matchesContract',
    });
  }
}
