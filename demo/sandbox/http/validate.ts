/**
 * A small typed schema DSL for request bodies and query strings. It collects every problem in one pass, so a 400
 * names all bad fields at once (a form can mark them together), and the parsed value is typed from the schema, so
 * handlers never cast. Absent and null are both "missing" for a required field; unknown keys are ignored, as the
 * API promises tolerance of additions.
 */
import { fail, fieldName, type FieldIssue } from './errors.js';
import { checkFormat, type Format } from './formats.js';

const INVALID: unique symbol = Symbol('invalid');
type Out<T> = T | typeof INVALID;

export interface Schema<T> {
  readonly kind: 'required' | 'optional';
  readonly nullable: boolean;
  parse(value: unknown, path: string, issues: FieldIssue[]): Out<T>;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

function schema<T>(parse: (value: unknown, path: string, issues: FieldIssue[]) => Out<T>): Schema<T> {
  return { kind: 'required', nullable: false, parse };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function typeIssue(issues: FieldIssue[], path: string, expected: string, value: unknown): typeof INVALID {
  issues.push({ field: path, code: 'type', message: `${fieldName(path)} must be ${expected}, not ${typeName(value)}` });
  return INVALID;
}

export interface StringOptions {
  format?: Format;
  min?: number;
  max?: number;
}

/** Strings are trimmed; an empty string counts as missing unless `min: 0` (e.g. an optional address_2: ""). */
export function string(options: StringOptions = {}): Schema<string> {
  const { format, min = 1, max = 1000 } = options;
  return schema((value, path, issues) => {
    if (typeof value !== 'string') return typeIssue(issues, path, 'a string', value);
    const trimmed = value.trim();
    if (trimmed.length === 0 && min > 0) {
      issues.push({ field: path, code: 'required', message: `${fieldName(path)} is required` });
      return INVALID;
    }
    if (trimmed.length < min || trimmed.length > max) {
      // A field with a format is told its format, not a length bound: a 10,000-character postal_code is "not a
      // 5-digit ZIP code". Only a value the format accepts (a valid URL over 2000 characters) is told the length.
      const formatted = format ? checkFormat(format, trimmed, fieldName(path)) : undefined;
      if (formatted && !formatted.ok) issues.push({ field: path, code: 'format', message: formatted.message });
      else issues.push({ field: path, code: 'range', message: `${fieldName(path)} must be ${min} to ${max} characters long` });
      return INVALID;
    }
    if (!format || trimmed.length === 0) return trimmed;
    const result = checkFormat(format, trimmed, fieldName(path));
    if (!result.ok) {
      issues.push({ field: path, code: 'format', message: result.message });
      return INVALID;
    }
    return result.value;
  });
}

export function boolean(): Schema<boolean> {
  return schema((value, path, issues) => (typeof value === 'boolean' ? value : typeIssue(issues, path, 'a boolean', value)));
}

/** `true` and nothing else: consents and terms acceptance. */
export function mustBeTrue(): Schema<true> {
  return schema((value, path, issues) => {
    if (typeof value !== 'boolean') return typeIssue(issues, path, 'a boolean', value);
    if (value !== true) {
      issues.push({ field: path, code: 'must_be_true', message: `${fieldName(path)} must be true` });
      return INVALID;
    }
    return true;
  });
}

export interface NumberOptions {
  min?: number;
  max?: number;
  integer?: boolean;
}

export function number(options: NumberOptions = {}): Schema<number> {
  return schema((value, path, issues) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return typeIssue(issues, path, options.integer ? 'an integer' : 'a number', value);
    if (options.integer && !Number.isInteger(value)) return typeIssue(issues, path, 'an integer', value);
    if ((options.min !== undefined && value < options.min) || (options.max !== undefined && value > options.max)) {
      issues.push({ field: path, code: 'range', message: `${fieldName(path)} must be between ${options.min ?? '-∞'} and ${options.max ?? '∞'}` });
      return INVALID;
    }
    return value;
  });
}

export function integer(options: Omit<NumberOptions, 'integer'> = {}): Schema<number> {
  return number({ ...options, integer: true });
}

/** A query-string integer: the text must be all digits, then the range applies. */
export function integerString(options: Omit<NumberOptions, 'integer'> = {}): Schema<number> {
  const inner = integer(options);
  return schema((value, path, issues) => {
    if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return typeIssue(issues, path, 'an integer', value);
    return inner.parse(Number(value), path, issues);
  });
}

export function enumOf<const V extends string>(values: readonly V[]): Schema<V> {
  return schema((value, path, issues) => {
    if (typeof value !== 'string') return typeIssue(issues, path, 'a string', value);
    if (!(values as readonly string[]).includes(value)) {
      issues.push({ field: path, code: 'enum', message: `${fieldName(path)} must be one of: ${values.join(', ')}` });
      return INVALID;
    }
    return value as V;
  });
}

export function array<T>(item: Schema<T>, options: { min?: number; max?: number } = {}): Schema<T[]> {
  return schema((value, path, issues) => {
    if (!Array.isArray(value)) return typeIssue(issues, path, 'an array', value);
    if ((options.min !== undefined && value.length < options.min) || (options.max !== undefined && value.length > options.max)) {
      issues.push({ field: path, code: 'range', message: `${fieldName(path)} must have between ${options.min ?? 0} and ${options.max ?? '∞'} items` });
      return INVALID;
    }
    const out: T[] = [];
    let invalid = false;
    value.forEach((v, i) => {
      const r = item.parse(v, `${path}[${i}]`, issues);
      if (r === INVALID) invalid = true;
      else out.push(r);
    });
    return invalid ? INVALID : out;
  });
}

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K]['kind'] extends 'optional' ? K : never }[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> };

export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> & { readonly shape: S } {
  const parsed = schema<ObjectOf<S>>((value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return typeIssue(issues, path || 'body', path ? 'an object' : 'a JSON object', value);
    }
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    let invalid = false;
    for (const [key, field] of Object.entries(shape)) {
      const fieldPath = path ? `${path}.${key}` : key;
      const v = input[key];
      if (v === undefined || (v === null && !field.nullable)) {
        if (field.kind === 'required') {
          issues.push({ field: fieldPath, code: 'required', message: `${key} is required` });
          invalid = true;
        }
        continue;
      }
      const r = field.parse(v, fieldPath, issues);
      if (r === INVALID) invalid = true;
      else out[key] = r;
    }
    return invalid ? INVALID : (out as ObjectOf<S>);
  });
  return { ...parsed, shape };
}

/** Marks a field optional: absent (or null, unless nullable) leaves the key out of the parsed object. */
export function optional<T>(inner: Schema<T>): Schema<T> & { kind: 'optional' } {
  return { ...inner, kind: 'optional' };
}

/** Accepts null as a value (e.g. PATCH preliminary_address: null clears it). */
export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return {
    kind: inner.kind,
    nullable: true,
    parse: (value, path, issues) => (value === null ? null : inner.parse(value, path, issues)),
  };
}

/** A schema with an extra rule over the parsed value; the rule returns issues (empty when fine). */
export function refine<T>(inner: Schema<T>, rule: (value: T, path: string) => FieldIssue[]): Schema<T> {
  return {
    ...inner,
    parse(value, path, issues) {
      const r = inner.parse(value, path, issues);
      if (r === INVALID) return r;
      const problems = rule(r, path);
      issues.push(...problems);
      return problems.length ? INVALID : r;
    },
  };
}

/** Parses or throws a 400 `invalid_request` naming every bad field. */
export function parse<T>(s: Schema<T>, value: unknown, extraIssues: FieldIssue[] = []): T {
  const issues: FieldIssue[] = [...extraIssues];
  const result = s.parse(value, '', issues);
  if (result === INVALID || issues.length > 0) throw fail.invalid(issues);
  return result;
}

/** Runs a schema and returns its issues without throwing, for handlers that add rule checks of their own. */
export function check<T>(s: Schema<T>, value: unknown, issues: FieldIssue[]): T | undefined {
  const result = s.parse(value, '', issues);
  return result === INVALID ? undefined : result;
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

/** The query parsed by an object schema; parameters the schema does not name are ignored, like unknown body keys. */
export function parseQuery<T>(s: Schema<T> & { readonly shape: Shape }, c: QueryContext): T {
  const issues: FieldIssue[] = [];
  const input: Record<string, string> = {};
  for (const name of Object.keys(s.shape)) {
    const value = queryValue(c, name, issues);
    if (value !== undefined) input[name] = value;
  }
  return parse(s, input, issues);
}
