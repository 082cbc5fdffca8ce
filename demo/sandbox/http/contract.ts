/**
 * Requests validated from the contract. At start the sandbox reads openapi/openapi.yaml (the repository's file, at
 * run time), and Ajv compiles each operation's request body schema and query parameters ($refs resolved inside the
 * document, JSON Schema 2020-12 as the document declares, `type: [string, 'null']` for what may be null), with every
 * format of http/formats.ts. Every problem is collected in one pass and becomes a FieldIssue, so a 400 names all
 * bad fields at once: `{ field: 'custom_rates.term_months', code: 'range', message: 'term_months must be between 1 and 60' }`.
 *
 * What the sandbox adds to plain JSON Schema validation:
 * - strings are trimmed first, and a required string left empty is "required" (as a form shows it);
 * - a string holding what no text holds (a control character other than tab and line breaks, or an unpaired
 *   surrogate) is a `format` issue naming its field, whatever its schema;
 * - values of a format the sandbox keeps in a canonical form are normalized (an SSN's digits, E.164 phones, UUIDs
 *   in lower case, states in capitals): the handlers get what they store;
 * - a field with a format is told its format whatever its length ("format before length");
 * - conditional rules (`if`/`then`/`else`, `not`) are documented in the contract but judged by the handlers, which
 *   name the field the way the decisions say (a missing start date is `start_date`, not `service_start_date`).
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { components, operations } from '../../../src/api/schema.js';
import { fail, type FieldCode, type FieldIssue } from './errors.js';
import { FORMATS, formatMessage, isSandboxFormat, registerFormats } from './formats.js';

type Json = Record<string, unknown>;

const CONTRACT_URL = new URL('../../../openapi/openapi.yaml', import.meta.url);
const DOC_ID = 'openapi.yaml';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Formats whose canonical form the sandbox stores. */
const NORMALIZED = new Set(['uuid', 'ssn', 'phone', 'state', 'path']);
/** Keywords of the contract that the sandbox's handlers judge (they name the field as the decisions say). */
const HANDLER_KEYWORDS = new Set(['if', 'then', 'else', 'not']);

export type OperationId = keyof operations;
type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: { 'application/json': infer T } }
    ? T
    : never
  : never;
type QueryOf<Op extends OperationId> = operations[Op]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

interface QueryParameter {
  name: string;
  schema: Json;
  validate: ValidateFunction;
  required: boolean;
}

interface CompiledOperation {
  body?: ValidateFunction;
  query: QueryParameter[];
}

/** The contract as the sandbox compiles it: discriminator mappings dropped (Ajv reads the `const`s), formats marked. */
function prepare(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(prepare);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'discriminator' && value && typeof value === 'object') {
      // Ajv reads the branches' `const`s and refuses a mapping; the mapping's keys name the values in messages.
      out[key] = { propertyName: (value as Json).propertyName };
      out['x-discriminator-values'] = Object.keys(((value as Json).mapping as Json | undefined) ?? {});
    }
    else out[key] = prepare(value);
  }
  if (typeof out.format === 'string' && NORMALIZED.has(out.format)) out['x-normalize'] = out.format;
  return out;
}

function createAjv(doc: Json): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, discriminator: true, logger: false });
  registerFormats(ajv);
  ajv.addKeyword({
    keyword: 'x-normalize',
    type: 'string',
    schemaType: 'string',
    modifying: true,
    validate(format: string, data: string, _schema, cxt) {
      const value = isSandboxFormat(format) ? FORMATS[format].check(data) : undefined;
      if (value !== undefined && cxt && cxt.parentDataProperty !== undefined) {
        (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = value;
      }
      return true;
    },
  });
  ajv.addSchema(doc, DOC_ID);
  return ajv;
}

function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolve(doc: Json, value: Json): Json {
  let current = value;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    let node: unknown = doc;
    for (const token of current.$ref.replace(/^#\//, '').split('/')) node = (node as Json)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = node as Json;
  }
  return current;
}

function compile(): { operations: Map<string, CompiledOperation>; parameters: Map<string, ValidateFunction> } {
  const doc = prepare(parseYaml(readFileSync(CONTRACT_URL, 'utf8'))) as Json;
  const ajv = createAjv(doc);
  const compiled = new Map<string, CompiledOperation>();
  for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation || typeof operation.operationId !== 'string') continue;
      const pointer = `#/paths/${pointerToken(template)}/${method}`;
      const entry: CompiledOperation = { query: [] };
      const requestBody = operation.requestBody ? resolve(doc, operation.requestBody as Json) : undefined;
      if ((requestBody?.content as Json | undefined)?.['application/json']) {
        const schemaPointer = (operation.requestBody as Json).$ref
          ? `${(operation.requestBody as Json).$ref as string}/content/application~1json/schema`
          : `${pointer}/requestBody/content/application~1json/schema`;
        entry.body = ajv.getSchema(`${DOC_ID}${schemaPointer}`);
      }
      const parameters = [...((item.parameters as Json[] | undefined) ?? []), ...((operation.parameters as Json[] | undefined) ?? [])];
      const own = (operation.parameters as Json[] | undefined) ?? [];
      parameters.forEach((raw, i) => {
        const parameter = resolve(doc, raw);
        if (parameter.in !== 'query') return;
        const at =
          typeof raw.$ref === 'string'
            ? `${raw.$ref}/schema`
            : i >= parameters.length - own.length
              ? `${pointer}/parameters/${i - (parameters.length - own.length)}/schema`
              : `#/paths/${pointerToken(template)}/parameters/${i}/schema`;
        const validate = ajv.getSchema(`${DOC_ID}${at}`);
        if (!validate) throw new Error(`No schema at ${at}`);
        entry.query.push({ name: parameter.name as string, schema: resolve(doc, parameter.schema as Json), validate, required: parameter.required === true });
      });
      compiled.set(operation.operationId, entry);
    }
  }
  const parameters = new Map<string, ValidateFunction>();
  for (const [name, raw] of Object.entries((doc.components as Json).parameters as Record<string, Json>)) {
    if (raw.in === 'path') parameters.set(name, ajv.getSchema(`${DOC_ID}#/components/parameters/${pointerToken(name)}/schema`)!);
  }
  return { operations: compiled, parameters };
}

let contract: ReturnType<typeof compile> | undefined;

/** Compiles the contract's request schemas (once per process; createSandbox calls it so that a bad contract fails at start). */
export function loadRequestContract(): void {
  contract ??= compile();
}

function operation(op: OperationId): CompiledOperation {
  loadRequestContract();
  const found = contract!.operations.get(op);
  if (!found) throw new Error(`The contract has no operation ${op}`);
  return found;
}

// ── Ajv errors as FieldIssues ──

/** The field of an instance path: `/custom_rates/term_months` → `custom_rates.term_months`, `/plan_uuids/0` → `plan_uuids[0]`. */
function fieldOf(instancePath: string, prefix = ''): string {
  let field = prefix;
  for (const raw of instancePath.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(token)) field += `[${token}]`;
    else field += field ? `.${keyName(token)}` : keyName(token);
  }
  return field;
}

/** A key as the error names it: the empty key, which JSON allows, is shown as `""` so the field is never blank. */
function keyName(key: string): string {
  return key === '' ? '""' : key;
}

/** The name a message uses: the last segment of the field ("postal_code is required"). */
function nameOf(field: string): string {
  const last = field.split('.').pop() ?? field;
  return last.replace(/\[\d+\]$/, '') || field;
}

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** "between 1 and 10", "at least 0", "at most 200": what the contract bounds, never an "∞" it does not. */
function range(min: unknown, max: unknown): string {
  const lo = typeof min === 'number' ? String(min) : null;
  const hi = typeof max === 'number' ? String(max) : null;
  return lo && hi ? `between ${lo} and ${hi}` : lo ? `at least ${lo}` : `at most ${hi ?? '∞'}`;
}

function issueOf(e: ErrorObject, root: string): FieldIssue | undefined {
  const params = e.params as Record<string, unknown>;
  const schema = (e.parentSchema ?? {}) as Json;
  const field = fieldOf(e.instancePath, root) || 'body';
  const name = nameOf(field);
  const issue = (code: FieldCode, message: string, at = field): FieldIssue => ({ field: at, code, message });
  switch (e.keyword) {
    case 'required': {
      const missing = fieldOf(`${e.instancePath}/${String(params.missingProperty).replace(/~/g, '~0').replace(/\//g, '~1')}`, root);
      return issue('required', `${nameOf(missing)} is required`, missing);
    }
    case 'type': {
      const expected = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null').map((t) => TYPE_NAMES[t as string] ?? t);
      if (!e.instancePath && !root) return issue('type', `body must be a JSON object, not ${typeName(e.data)}`);
      return issue('type', `${name} must be ${expected.join(' or ')}, not ${typeName(e.data)}`);
    }
    case 'enum':
      return issue('enum', `${name} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`);
    case 'const':
      return issue('enum', `${name} must be ${String(params.allowedValue)}`);
    case 'discriminator': {
      const tag = String(params.tag);
      const at = fieldOf(`${e.instancePath}/${tag}`, root);
      const value = (e.data as Json | undefined)?.[tag];
      if (value === undefined) return issue('required', `${tag} is required`, at);
      if (typeof value !== 'string') return issue('type', `${tag} must be a string, not ${typeName(value)}`, at);
      return issue('enum', `${tag} must be one of: ${((schema['x-discriminator-values'] as string[] | undefined) ?? []).join(', ')}`, at);
    }
    case 'format':
      return issue('format', formatMessage(String(params.format), name, e.data));
    case 'pattern':
      return issue('format', `${name} is not in the expected format`);
    case 'minLength':
    case 'maxLength':
      if (e.keyword === 'minLength' && e.data === '') return issue('required', `${name} is required`);
      return issue('range', `${name} must be ${range(schema.minLength, schema.maxLength)} characters long`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return issue('range', `${name} must be ${range(schema.minimum ?? schema.exclusiveMinimum, schema.maximum ?? schema.exclusiveMaximum)}`);
    case 'multipleOf':
      return issue('range', `${name} must be a multiple of ${String(params.multipleOf)}`);
    case 'minItems':
    case 'maxItems':
      return issue('range', `${name} must have ${range(schema.minItems, schema.maxItems)} items`);
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const at = fieldOf(`${e.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, root);
      const event = (e.data as Json | undefined)?.event;
      const why = typeof event === 'string' && !e.instancePath ? `not a field of ${event}` : `not a field of ${nameOf(field) === 'body' ? 'this request' : name}`;
      return issue('unknown_field', `${nameOf(at)} is not allowed here: ${why}`, at);
    }
    case 'minProperties':
      return issue('required', `Send at least one of: ${Object.keys((schema.properties as Json | undefined) ?? {}).join(', ')}`);
    case 'maxProperties':
      return issue('range', `Send at most ${String(params.limit)} of: ${Object.keys((schema.properties as Json | undefined) ?? {}).join(', ')}`);
    default:
      // anyOf/oneOf summaries: their branches' own errors say what is wrong.
      return undefined;
  }
}

/** Whether an error comes from a rule the handlers judge, or summarizes others. */
function handlerRule(e: ErrorObject): boolean {
  return e.schemaPath.split('/').some((segment) => HANDLER_KEYWORDS.has(segment));
}

/**
 * One issue per field and code, formats before lengths and patterns, without the alternatives' noise. Empty only
 * when every error is one the handler judges (a conditional rule, a skipped keyword).
 */
function issuesOf(errors: readonly ErrorObject[], root = '', skip: readonly string[] = []): FieldIssue[] {
  const relevant = errors.filter((e) => !handlerRule(e) && !skip.includes(e.keyword));
  if (relevant.length === 0) return [];
  // A value that may be null fails its `type: 'null'` branch too; that branch says nothing useful.
  const useful = relevant.filter((e) => !(e.keyword === 'type' && (e.parentSchema as Json | undefined)?.type === 'null'));
  const issues: FieldIssue[] = [];
  for (const e of useful) {
    const found = issueOf(e, root);
    if (found) issues.push(found);
  }
  const formatted = new Set(issues.filter((i) => i.code === 'format' && !/expected format$/.test(i.message)).map((i) => i.field));
  const typed = new Set(issues.filter((i) => i.code === 'type').map((i) => i.field));
  if (issues.length === 0) {
    // Only summaries (anyOf, oneOf) with nothing said by their branches: still a refusal, naming where.
    const field = fieldOf(relevant[0]!.instancePath, root) || 'body';
    return [{ field, code: 'type', message: `${nameOf(field)} is not any of the shapes the contract allows` }];
  }
  const seen = new Set<string>();
  return issues.filter((i) => {
    // Format before length and pattern: a 10,000-character postal_code is "not a 5-digit ZIP code".
    if (formatted.has(i.field) && (i.code === 'range' || (i.code === 'format' && /expected format$/.test(i.message)))) return false;
    // A value of the wrong type is told its type only.
    if (typed.has(i.field) && i.code !== 'type') return false;
    const key = `${i.field}\u0000${i.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How deep trimming goes: deeper than any request schema, never as deep as a hostile body (`[[[[…]]]]`). */
const TRIM_DEPTH = 16;

/**
 * Every string trimmed, as a form field would be (keys untouched): of white space and of the invisible format
 * characters a paste brings along at either end (a zero-width space, a direction mark, a byte order mark), so that a
 * value of nothing else is missing, not a blank saved.
 */
function trimmed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, '');
  if (depth >= TRIM_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => trimmed(v, depth + 1));
  const out: Json = {};
  // defineProperty, so that a `__proto__` key stays a key rather than becoming the copy's prototype.
  for (const [k, v] of Object.entries(value as Json)) Object.defineProperty(out, k, { value: trimmed(v, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * Whether `s` holds a C0 control other than tab and line breaks, DEL, a C1 control, or a surrogate not in a pair: text
 * no form holds.
 */
function isNotText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) return true;
    if (c >= 0xdc00 && c <= 0xdfff) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i += 1;
    }
  }
  return false;
}

/** Every string value that is not text (isNotText), as a `format` issue naming its field. */
function notText(value: unknown, field = '', depth = 0): FieldIssue[] {
  if (typeof value === 'string') {
    if (!isNotText(value)) return [];
    const name = field ? nameOf(field) : 'body';
    return [{ field: field || 'body', code: 'format', message: `${name} must be text, without control characters (such as NUL) or unpaired surrogates` }];
  }
  if (depth >= TRIM_DEPTH || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => notText(v, `${field}[${i}]`, depth + 1));
  return Object.entries(value as Json).flatMap(([k, v]) => notText(v, field ? `${field}.${keyName(k)}` : keyName(k), depth + 1));
}

export interface CheckOptions {
  /** Keywords the handler judges itself for this operation (e.g. the clock's "exactly one of"). */
  skip?: readonly string[];
}

/**
 * The body checked against `op`'s request schema: the normalized value, or undefined with the problems added to
 * `issues` (for a handler that adds rule checks of its own before refusing).
 */
export function checkBody<Op extends OperationId>(op: Op, raw: unknown, issues: FieldIssue[], options: CheckOptions = {}): BodyOf<Op> | undefined {
  const validate = operation(op).body;
  if (!validate) throw new Error(`The contract documents no JSON body for ${op}`);
  const value = trimmed(raw);
  const valid = validate(value);
  const found = valid ? [] : issuesOf(validate.errors ?? [], '', options.skip);
  // A string the schema let through can still hold what no text holds (a NUL, an unpaired surrogate).
  found.push(...notText(value).filter((t) => !found.some((f) => f.field === t.field)));
  // Only rules the handler judges object to the body: it is otherwise what the contract says.
  if (found.length === 0) return value as BodyOf<Op>;
  issues.push(...found);
  return undefined;
}

/** The body, or a 400 `invalid_request` naming every bad field (with `extraIssues` the handler found first). */
export function parseBody<Op extends OperationId>(op: Op, raw: unknown, extraIssues: FieldIssue[] = []): BodyOf<Op> {
  const issues = [...extraIssues];
  const body = checkBody(op, raw, issues);
  if (body === undefined || issues.length > 0) throw fail.invalid(issues);
  return body;
}

/** What query reading needs of a Hono context (the raw URL, so that repeated parameters can be seen). */
interface QueryContext {
  req: { url: string };
}

/**
 * One query parameter's value. Every query parameter of the API is single-valued, so a parameter given more than
 * once (`?limit=5&limit=500`: which one would the service use?) is a 400 `invalid_request` naming it, rather than
 * the first value silently winning. Routes read their query only through this and `parseQuery`.
 */
export function queryValue(c: QueryContext, name: string, issues?: FieldIssue[]): string | undefined {
  const values = new URL(c.req.url).searchParams.getAll(name);
  if (values.length > 1) {
    const issue: FieldIssue = { field: name, code: 'type', message: `${name} must be given once, not ${values.length} times` };
    if (!issues) throw fail.invalid([issue]);
    issues.push(issue);
  }
  return values[0];
}

/** The text of a query parameter as its schema's type: an integer parameter is read as a number when it is one. */
function fromQuery(text: string, schema: Json): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/**
 * The query parameters `op` defines, checked against their schemas; parameters the contract does not define are
 * ignored, like unknown body keys. A 400 names every bad parameter: `more` adds the handler's own checks of the
 * parameters the contract let through (a cursor this API never returned).
 */
export function parseQuery<Op extends OperationId>(
  op: Op,
  c: QueryContext,
  more?: (query: Partial<QueryOf<Op>>, issues: FieldIssue[]) => void,
): QueryOf<Op> {
  const issues: FieldIssue[] = [];
  const out: Json = {};
  for (const parameter of operation(op).query) {
    const said = issues.length;
    const text = queryValue(c, parameter.name, issues);
    // Given more than once: said once, as that, whatever its values are.
    if (issues.length > said) continue;
    if (text === undefined) {
      if (parameter.required) issues.push({ field: parameter.name, code: 'required', message: `${parameter.name} is required` });
      continue;
    }
    const value = fromQuery(text, parameter.schema);
    if (parameter.validate(value)) out[parameter.name] = value;
    else issues.push(...issuesOf(parameter.validate.errors ?? [], parameter.name));
  }
  if (more) {
    // Only the parameters nothing was said about yet (a repeated one is named once).
    const named = new Set(issues.map((i) => i.field));
    more(Object.fromEntries(Object.entries(out).filter(([name]) => !named.has(name))) as Partial<QueryOf<Op>>, issues);
  }
  if (issues.length > 0) throw fail.invalid(issues);
  return out as QueryOf<Op>;
}

/** Whether a path parameter (by its name in components.parameters, e.g. `AccountUuid`) is what the contract allows. */
export function validPathParameter(name: keyof components['parameters'], value: string): boolean {
  loadRequestContract();
  const validate = contract!.parameters.get(name);
  if (!validate) throw new Error(`The contract has no path parameter ${name}`);
  return validate(value) === true;
}
