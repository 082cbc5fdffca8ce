/**
 * Property-based fuzzing of the sandbox over every operation of the contract (openapi/openapi.yaml). Each run
 * builds a fresh world (support/world.ts: accounts at every stage, every kind of token, quotes, payment methods)
 * and sends it a short sequence of generated requests, in-process (`app.request`, no sockets):
 *
 * - bodies generated from the operation's request schema (with domain values for well-known fields: ESI IDs, plan
 *   and account ids of the world, SSNs, ZIPs), then mutated: a declared field of the wrong type, a field dropped or
 *   added, huge or exotic unicode strings, nested junk, a non-object root, text that is not JSON, an empty body;
 * - content types, declared lengths and sizes (over the 64 KiB limit), Idempotency-Keys;
 * - tokens: none, garbage, malformed headers, the App token, account tokens, an expired one, flow tokens of the
 *   right and a wrong scope, an app-login token;
 * - path ids known to the world, unknown, malformed, path traversal, percent-encoded and unicode; query strings
 *   with valid, junk and repeated parameters; now and then another method.
 *
 * For every answer: never a 5xx; every 4xx is `{ error: { status, code, message, fields? } }`; a 400
 * `invalid_request` names the offending field (and a field given the wrong type is never accepted, and is named
 * when the answer is a 400); and a request that is not a 2xx changes nothing (support/snapshot.ts).
 *
 * Seeded: FUZZ_SEED (printed; fixed by default) and FUZZ_RUNS (runs of 1 to 6 requests each) reproduce or lengthen a
 * run, e.g. `FUZZ_RUNS=5000 node --import tsx --test demo/sandbox/test/fuzz.test.ts`. Every answer of a documented
 * operation is also checked against the contract (status documented, body valid), refusals included: the contract
 * lists the 400 of a bad Idempotency-Key and the 413 of every POST, PUT, PATCH and DELETE (docs/api-decisions.md).
 * FUZZ_CONTRACT=0 turns that check off, e.g. to look at other failures first.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PREMISES } from '../data/addresses.js';
import { addDays } from '../time.js';
import { allOperations, assertMatchesContract, findOperation, resolvePointer, type OperationMatch } from './support/contract.js';
import { snapshot } from './support/snapshot.js';
import { buildWorld, UNKNOWN_ESI_ID, type World } from './support/world.js';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_260_302;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 150;
/** Also check every answer of a documented operation against the contract (on unless FUZZ_CONTRACT=0). */
const CHECK_CONTRACT = process.env.FUZZ_CONTRACT !== '0';

type Json = Record<string, unknown>;

// ── Values of the world, referred to symbolically so that generated requests print and shrink as plain data ──

const WORLD_VALUES = {
  'account.fresh': (w: World) => w.fresh.uuid,
  'account.quoted': (w: World) => w.quoted.uuid,
  'account.ready': (w: World) => w.ready.uuid,
  'account.active': (w: World) => w.active.uuid,
  'account.clientAgent': (w: World) => w.clientAgent.uuid,
  'account.cancelled': (w: World) => w.cancelled.uuid,
  'account.ready.upper': (w: World) => w.ready.uuid.toUpperCase(),
  'location.active': (w: World) => w.active.locationUuid,
  'invoice.active': (w: World) => w.active.invoiceNumber,
  'plan.ready': (w: World) => w.ready.plan.uuid,
  'plan.quoted': (w: World) => w.quoted.plan.uuid,
  'plan.active': (w: World) => w.active.plan.uuid,
  'plan.app': (w: World) => w.appPlan.uuid,
  'plan.renewal': (w: World) => w.active.renewalPlan.uuid,
  'start.ready': (w: World) => w.ready.plan.earliest_start_date,
  'start.ready.late': (w: World) => addDays(w.ready.plan.latest_start_date, 1),
  'esi.ready': (w: World) => w.ready.esiId,
  'esi.quoted': (w: World) => w.quoted.esiId,
  'pm.ready': (w: World) => w.ready.paymentMethodId,
  'pm.pending': (w: World) => w.intents.pending.paymentMethodId,
  fault: (w: World) => w.faultId,
  'battery.pending': (w: World) => w.battery.pending.id,
  'battery.answered': (w: World) => w.battery.answered.id,
  'document.efl': (w: World) => /\/documents\/([0-9a-f-]{36})\.pdf$/.exec(w.ready.plan.links.efl)![1]!,
} as const;
type WorldKey = keyof typeof WORLD_VALUES;
interface Ref {
  $world: WorldKey;
}
const ref = (key: WorldKey): Ref => ({ $world: key });
const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && '$world' in v && Object.keys(v).length === 1;
/** Deeply nested junk, built only when sent (fast-check prints values recursively). */
interface Nest {
  $nest: number;
  kind: 'array' | 'object';
}
const isNest = (v: unknown): v is Nest => typeof v === 'object' && v !== null && '$nest' in v;

function resolveRefs(value: unknown, w: World): unknown {
  if (isRef(value)) return WORLD_VALUES[value.$world](w);
  if (isNest(value)) return nested(value.$nest, value.kind);
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, w));
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) out[k] = resolveRefs(v, w);
    return out;
  }
  return value;
}

const TOKENS = {
  app: (w: World) => w.appToken,
  'account.fresh': (w: World) => w.fresh.token,
  'account.ready': (w: World) => w.ready.token,
  'account.active': (w: World) => w.active.token,
  expired: (w: World) => w.tokens.expired,
  'flow.enrollment': (w: World) => w.tokens.flowEnrollment,
  'flow.documents': (w: World) => w.tokens.flowDocuments,
  appLogin: (w: World) => w.tokens.appLogin,
  garbage: () => 'acct_not_a_real_token',
} as const;
type TokenKey = keyof typeof TOKENS;
/** A token of the world, no Authorization header, or a header that is not `Bearer <token>`. */
type Auth = { token: TokenKey } | { none: true } | { header: string };

// ── Junk ──

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u00a0',
  '\u200b',
  '\u0000',
  '\ud800',
  '\udfff',
  '😀',
  '👩🏽‍🚀',
  'e\u0301',
  '\u202eevil',
  'İ',
  'ß',
  '\n\r\t',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '__proto__',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '${jndi:x}',
];

const junkString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 5_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(66_000, 70_000).map((n) => 'é'.repeat(n / 2)) },
);

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: junkString },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null, [], {}) },
  { weight: 1, arbitrary: fc.record({ $nest: fc.integer({ min: 10, max: 3_000 }), kind: fc.constantFrom('array' as const, 'object' as const) }) },
);

// ── Values for fields the contract names (valid, nearly valid and wrong), so requests get past validation ──

const premise = fc.constantFrom(...PREMISES);
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.constantFrom('ana@example.com', 'ANA@Example.COM', 'a@b', 'not an email', `${'a'.repeat(250)}@example.com`),
  phone: fc.constantFrom('(713) 555-0142', '7135550142', '+1 713.555.0142', '555-0142', '(013) 555-0142', '713-555-01422'),
  date_of_birth: fc.constantFrom('1990-04-01', '2010-01-01', '1850-01-01', '1990-02-30', '1990-4-1'),
  first_name: fc.constantFrom('Ana', 'José', '  ', 'x'.repeat(101)),
  last_name: fc.constantFrom('García', "O'Neil", ''),
  esi_id: fc.oneof(
    fc.constantFrom(ref('esi.ready'), ref('esi.quoted'), UNKNOWN_ESI_ID, '10443729999999906', '1044372', '1008901704120012101006 '),
    premise.map((p) => p.esi_id),
  ),
  plan_uuid: fc.oneof(fc.constantFrom(ref('plan.ready'), ref('plan.quoted'), ref('plan.active'), ref('plan.app'), ref('plan.renewal')), fc.uuid()),
  plan_uuids: fc.array(fc.oneof(fc.constantFrom(ref('plan.ready'), ref('plan.app')), fc.uuid()), { maxLength: 3 }),
  account_uuid: fc.oneof(fc.constantFrom(ref('account.fresh'), ref('account.ready'), ref('account.quoted'), ref('account.ready.upper')), fc.uuid()),
  start_date: fc.constantFrom(ref('start.ready'), ref('start.ready.late'), '2026-01-01', '2026-02-31'),
  service_start_date: fc.constantFrom(ref('start.ready'), '2030-01-01'),
  postal_code: fc.oneof(premise.map((p) => p.postal_code), fc.constantFrom('78701', '00000', '7700', '77002-1234')),
  address_1: fc.oneof(premise.map((p) => p.address_1), fc.constantFrom('1 Nowhere Ln', '')),
  city: premise.map((p) => p.city),
  state: fc.constantFrom('TX', 'tx', 'XX', 'Texas'),
  query: fc.constantFrom('Rice', 'Welch', 'ri', '1819 W', '%', '.*'),
  ssn: fc.constantFrom('123-45-6789', '123-45-9002', '123456789', '666-45-6789', '123-00-6789', '123-45-0000', '12-345-6789'),
  consent: fc.constantFrom(true, false),
  terms_accepted: fc.constantFrom(true, false),
  payment_method_id: fc.constantFrom(ref('pm.ready'), ref('pm.pending'), 'pm_nope', ''),
  return_url: fc.constantFrom('http://localhost:5174/done', 'http://localhost:5173/battery/return?x=1', 'https://evil.example/', 'javascript:alert(1)', '//localhost:5174'),
  route: fc.constantFrom('/billing', 'billing', '//evil.example', '/a b'),
  energy_rate_adjustment_cents_per_kwh: fc.constantFrom('-0.5', '3', '-50', '0.123456789012', 'abc', '1e2'),
  term_months: fc.constantFrom(1, 12, 24, 36, 60, 0, 61, 6.5),
  client_agent_accepted_at: fc.constantFrom('2026-01-01T00:00:00Z', '2099-01-01T00:00:00Z', '2026-01-01', 'yesterday'),
  set: fc.constantFrom('2027-01-01T00:00:00Z', '2020-01-01T00:00:00Z', '2026-03-02T16:00:00+00:00', 'soon'),
  advance_seconds: fc.constantFrom(0, 1, 3_600, -1, 1e12),
  advance_hours: fc.constantFrom(0, 1, 24, 1e9),
  advance_business_hours: fc.constantFrom(0, 1, 9, 72, 1e9),
  url: fc.constantFrom(null, 'http://localhost:9/hooks', 'ftp://example.com', 'not a url'),
  secret: fc.constantFrom('whsec_long_enough', 'short'),
  reason: fc.constantFrom('too_expensive', 'other', 'partner_reason', ''),
  label: fc.constantFrom('Too pricey', ''),
  to: fc.constantFrom('verified', 'credit_checked', 'submitted', 'active', 'usage', 'tomorrow'),
  maker: fc.constantFrom('tesla', 'enphase', 'generac', 'franklinwh', 'acme', 'Tesla'),
};

/** Fault rules (the contract leaves their shape to the sandbox); any added rule is cleared right after. */
const faultRule = fc.record(
  {
    route: fc.constantFrom('/v1', '/v1/account', '/__sandbox/clock', 'v1', '/v1/*/x'),
    method: fc.constantFrom('GET', 'POST', 'get', 'TRACE'),
    latency_ms: fc.constantFrom(0, 1, 60_001, -1),
    error_rate: fc.constantFrom(0, 0.5, 1, 2),
    error_status: fc.constantFrom(500, 503, 418),
    drop_rate: fc.constantFrom(0, 1),
    rate_limit_burst: fc.constantFrom(1, 0),
    expire_tokens: fc.boolean(),
    account_uuid: fc.constantFrom(ref('account.fresh'), 'x'),
    count: fc.constantFrom(1, 0, 1.5),
    after: fc.boolean(),
  },
  { requiredKeys: [] },
);

// ── Request bodies from the contract's schemas ──

function deref(schema: Json): Json {
  let s = schema;
  for (let i = 0; typeof s.$ref === 'string' && i < 10; i++) s = { ...(resolvePointer(s.$ref) as Json), ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== '$ref')) };
  return s;
}

const cache = new Map<Json, fc.Arbitrary<unknown>>();

function schemaArb(raw: Json, name = '', depth = 0): fc.Arbitrary<unknown> {
  const hint = HINTS[name];
  const base = schemaOwnArb(raw, depth);
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: base }) : base;
}

function schemaOwnArb(raw: Json, depth: number): fc.Arbitrary<unknown> {
  const cached = cache.get(raw);
  if (cached) return cached;
  const s = deref(raw);
  let arb: fc.Arbitrary<unknown>;
  const branches = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  if (branches) arb = fc.oneof(...branches.map((b) => schemaOwnArb({ ...b }, depth)));
  else if ('const' in s) arb = fc.constant(s.const);
  else if (Array.isArray(s.enum)) arb = fc.constantFrom(...(s.enum as unknown[]));
  else {
    const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
    if (types.length > 1) arb = fc.oneof(...types.map((t) => schemaOwnArb({ ...s, type: t }, depth)));
    else arb = typedArb(types[0], s, depth);
  }
  cache.set(raw, arb);
  return arb;
}

function typedArb(type: string | undefined, s: Json, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': {
      const min = (s.minLength as number | undefined) ?? 0;
      const max = Math.max(min, Math.min((s.maxLength as number | undefined) ?? 30, 30));
      if (s.format === 'date') return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'uri') return fc.webUrl();
      if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern));
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer':
      return fc.integer({ min: (s.minimum as number | undefined) ?? -1_000, max: (s.maximum as number | undefined) ?? 1_000 });
    case 'number':
      return fc.double({ min: (s.minimum as number | undefined) ?? -1_000, max: (s.maximum as number | undefined) ?? 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items as Json | undefined) ?? {};
      return fc.array(depth > 4 ? fc.constant(null) : schemaOwnArb(items, depth + 1), { minLength: (s.minItems as number | undefined) ?? 0, maxLength: 3 });
    }
    case 'object':
    default: {
      const props = (s.properties ?? {}) as Record<string, Json>;
      if (Object.keys(props).length === 0) return type === 'object' ? fc.dictionary(fc.string({ maxLength: 8 }), junkValue, { maxKeys: 3 }) : junkValue;
      const required = (s.required as string[] | undefined) ?? [];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, p] of Object.entries(props)) model[key] = depth > 4 ? fc.constant(null) : schemaArb(p, key, depth + 1);
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    }
  }
}

/** A declared property and the JSON types its schema allows (empty: anything goes). */
interface Field {
  path: string[];
  types: Set<string>;
}

function jsonTypes(raw: Json): Set<string> {
  const s = deref(raw);
  const out = new Set<string>();
  const branches = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  if (branches) {
    for (const b of branches) for (const t of jsonTypes(b)) out.add(t);
    if (branches.some((b) => jsonTypes(b).size === 0)) return new Set();
    return out;
  }
  if ('const' in s) return new Set([s.const === null ? 'null' : Array.isArray(s.const) ? 'array' : typeof s.const]);
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  for (const t of types) out.add(t === 'integer' ? 'number' : t);
  return out;
}

function fieldsOf(raw: Json, prefix: string[] = [], depth = 0): Field[] {
  const s = deref(raw);
  const branches = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  if (branches) return dedupe(branches.flatMap((b) => fieldsOf(b, prefix, depth)));
  const props = (s.properties ?? {}) as Record<string, Json>;
  const out: Field[] = [];
  for (const [key, p] of Object.entries(props)) {
    const path = [...prefix, key];
    out.push({ path, types: jsonTypes(p) });
    if (depth < 1) out.push(...fieldsOf(p, path, depth + 1));
  }
  return out;
}

function dedupe(fields: Field[]): Field[] {
  const seen = new Map<string, Field>();
  for (const f of fields) {
    const key = f.path.join('.');
    const known = seen.get(key);
    if (!known) seen.set(key, { path: f.path, types: new Set(f.types) });
    else for (const t of f.types) known.types.add(t);
  }
  return [...seen.values()];
}

const VALUES_OF_TYPE: Record<string, unknown[]> = {
  string: ['1', 'true', ''],
  number: [0, 1, -1.5],
  boolean: [true, false],
  null: [null],
  array: [[], ['x']],
  object: [{}, { a: 1 }],
};

function setAt(target: unknown, path: string[], value: unknown): unknown {
  const root: Json = target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Json) } : {};
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = next !== null && typeof next === 'object' && !Array.isArray(next) ? { ...(next as Json) } : {};
    node = node[key] as Json;
  }
  if (value === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = value;
  return root;
}

interface Body {
  /** No body, a JSON value, or raw text. */
  kind: 'none' | 'json' | 'raw';
  value?: unknown;
  text?: string;
  /** A declared field given a type its schema does not allow: it must be refused and named. */
  wrongType?: string;
  mutation: string;
}

const RAW_TEXTS = ['{', 'not json', '{"a":1,}', "{'a':1}", '\ufeff{}', 'NaN', '\u0000', '[1,2', '{"a":1}{"b":2}', '"\\ud800"', '[]'.repeat(5), `${'['.repeat(20_000)}${']'.repeat(20_000)}`];

function bodyArb(op: OperationMatch): fc.Arbitrary<Body> {
  const requestBody = op.operation.requestBody ? deref(op.operation.requestBody as Json) : undefined;
  const content = requestBody?.content as Record<string, Json> | undefined;
  const schema = content?.['application/json']?.schema as Json | undefined;
  const junk: fc.Arbitrary<Body>[] = [
    fc.constant({ kind: 'none', mutation: 'no body' } as Body),
    fc.constantFrom(...RAW_TEXTS).map((text): Body => ({ kind: 'raw', text, mutation: 'not JSON' })),
    junkValue.map((value): Body => ({ kind: 'json', value, mutation: 'junk root' })),
  ];
  if (!schema) return fc.oneof({ weight: 4, arbitrary: fc.constant({ kind: 'none', mutation: 'none' } as Body) }, ...junk);
  const isFault = deref(schema).additionalProperties === true && !deref(schema).properties;
  const valid = isFault ? faultRule : schemaArb(schema);
  const fields = fieldsOf(schema);
  const mutated = fc.tuple(valid, fc.nat(), fc.nat(), junkValue, junkString).map(([v, i, j, junkV, junkS]): Body => {
    if (fields.length === 0) return { kind: 'json', value: setAt(v, [`extra_${i % 3}`], junkV), mutation: 'extra field' };
    const field = fields[i % fields.length]!;
    const key = field.path.join('.');
    switch (j % 5) {
      case 0: {
        const candidates = Object.entries(VALUES_OF_TYPE).filter(([t]) => field.types.size > 0 && !field.types.has(t) && !(t === 'number' && field.types.has('integer')));
        if (candidates.length === 0) return { kind: 'json', value: v, mutation: 'none' };
        const [type, values] = candidates[j % candidates.length]!;
        return { kind: 'json', value: setAt(v, field.path, values[i % values.length]), wrongType: key, mutation: `wrong type (${type}) at ${key}` };
      }
      case 1:
        return { kind: 'json', value: setAt(v, field.path, undefined), mutation: `dropped ${key}` };
      case 2:
        return { kind: 'json', value: setAt(v, field.path, junkS), mutation: `odd string at ${key}` };
      case 3:
        return { kind: 'json', value: setAt(v, field.path, junkV), mutation: `junk at ${key}` };
      default:
        return { kind: 'json', value: setAt(v, [['__proto__', 'constructor', 'x'.repeat(300), '', 'toString'][i % 5]!], junkV), mutation: 'extra field' };
    }
  });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((value): Body => ({ kind: 'json', value, mutation: 'none' })) },
    { weight: 5, arbitrary: mutated },
    { weight: 1, arbitrary: fc.oneof(...junk) },
  );
}

// ── Paths and query strings ──

/** encodeURIComponent, except that a lone surrogate becomes the (invalid UTF-8) bytes %ED%A0%80 instead of throwing. */
function enc(s: string): string {
  return [...s]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

const PATH_JUNK = [
  '..',
  '%2e%2e',
  '..%2F..%2Fapp%2Faccounts',
  '%00',
  '%ZZ',
  '%',
  '%F0%9F%98%80',
  '%C0%AF',
  '%20',
  'null',
  '-1',
  '0',
  '%7B%7D',
  encodeURIComponent('<script>'),
  encodeURIComponent('😀'),
  'ü',
  'a'.repeat(3_000),
];

const PARAM_VALUES: Record<string, WorldKey[]> = {
  account_uuid: ['account.fresh', 'account.ready', 'account.active', 'account.clientAgent', 'account.cancelled', 'account.ready.upper'],
  location_uuid: ['location.active'],
  invoice_number: ['invoice.active'],
  fault_id: ['fault'],
  authorization_id: ['battery.pending', 'battery.answered'],
  document_id: ['document.efl'],
};

function segmentArb(name: string): fc.Arbitrary<string | Ref> {
  const known = PARAM_VALUES[name] ?? [];
  return fc.oneof(
    ...(known.length ? [{ weight: 5, arbitrary: fc.constantFrom(...known.map(ref)) as fc.Arbitrary<string | Ref> }] : []),
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...PATH_JUNK) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(enc) },
  );
}

function pathArb(op: OperationMatch): fc.Arbitrary<(string | Ref)[]> {
  const parts = op.template.split(/(\{[^}]+\})/).filter((p) => p !== '');
  return fc.tuple(...parts.map((p) => {
    const name = /^\{([^}]+)\}$/.exec(p)?.[1];
    return name ? segmentArb(name) : fc.constant(p);
  })) as fc.Arbitrary<(string | Ref)[]>;
}

const QUERY_VALUES: Record<string, string[]> = {
  limit: ['1', '25', '100', '0', '101', '-1', '1.5', '1e2', 'abc', ''],
  cursor: ['cDoz', 'aTo1', 'x', '', '%%%'],
  year: ['2026', '2025', '1999', '0000', '99999', 'abcd'],
  month: ['2026-03', '2026-02', '2025-13', '2026-3', 'march'],
  locale: ['en', 'es', 'fr', 'EN', ''],
};

function queryArb(op: OperationMatch): fc.Arbitrary<string> {
  const names = ((op.operation.parameters ?? []) as Json[])
    .map((p) => (typeof p.$ref === 'string' ? (resolvePointer(p.$ref) as Json) : p))
    .filter((p) => p.in === 'query')
    .map((p) => String(p.name));
  const param = (name: string) =>
    fc.option(
      fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(QUERY_VALUES[name] ?? ['x'])) }, { weight: 1, arbitrary: junkString.map((s) => s.slice(0, 50)) }), fc.nat(5)).map(
        ([value, n]) => Array.from({ length: n === 0 ? 2 : 1 }, () => `${name}=${enc(value)}`).join('&'),
      ),
      { freq: 2 },
    );
  return fc
    .tuple(
      fc.tuple(...names.map(param)),
      fc.option(fc.constantFrom('%ZZ=1', 'x=%', '&&&', '=1', 'extra=1', 'limit[]=1', `big=${'x'.repeat(5_000)}`), { freq: 4 }),
    )
    .map(([values, extra]) => [...values, extra].filter((v): v is string => v !== null && v !== '').join('&'));
}

// ── Requests ──

interface FuzzRequest {
  op: string;
  method: string;
  path: (string | Ref)[];
  query: string;
  auth: Auth;
  contentType: string | null;
  contentLength: string | null;
  idempotencyKey: string | null;
  body: Body;
}

const OPERATIONS = allOperations();

function rightToken(op: OperationMatch): fc.Arbitrary<TokenKey> {
  const schemes = (op.operation.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('AppToken')) return fc.constant('app');
  if (schemes.includes('AccountToken') || schemes.includes('FlowToken')) return fc.constantFrom('account.ready', 'account.active', 'account.fresh', 'flow.enrollment');
  return fc.constant('app'); // the sandbox controls take the App token
}

function requestArb(op: OperationMatch): fc.Arbitrary<FuzzRequest> {
  const auth: fc.Arbitrary<Auth> = fc.oneof(
    { weight: 12, arbitrary: rightToken(op).map((token): Auth => ({ token })) },
    { weight: 4, arbitrary: fc.constantFrom(...(Object.keys(TOKENS) as TokenKey[])).map((token): Auth => ({ token })) },
    { weight: 1, arbitrary: fc.constant<Auth>({ none: true }) },
    { weight: 1, arbitrary: fc.constantFrom('Basic YTpi', 'Bearer', 'Bearer a b', 'bearer   ', 'Token x', '', 'Bearer sandbox_app_test_token\t').map((header): Auth => ({ header })) },
  );
  return fc.record({
    op: fc.constant(op.operationId),
    method: fc.oneof({ weight: 19, arbitrary: fc.constant(op.method.toUpperCase()) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') }),
    path: pathArb(op),
    query: queryArb(op),
    auth,
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          null,
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'APPLICATION/JSON',
          ';;;',
        ),
      },
    ),
    contentLength: fc.oneof({ weight: 15, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('0', '5', '99999999', 'abc', '-1') }),
    idempotencyKey: fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom('same-key', 'other-key', '', 'k'.repeat(256)) }),
    body: bodyArb(op),
  });
}

const requestArbs = new Map(OPERATIONS.map((op) => [op, requestArb(op)] as const));
const requests = fc.array(fc.constantFrom(...OPERATIONS).chain((op) => requestArbs.get(op)!), { minLength: 1, maxLength: 6 });

// ── Oracles ──

interface Sent {
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
}

function build(r: FuzzRequest, w: World): Sent {
  const path = r.path.map((p) => (isRef(p) ? encodeURIComponent(WORLD_VALUES[p.$world](w)) : p)).join('');
  const headers: Record<string, string> = {};
  if ('token' in r.auth) headers.authorization = `Bearer ${TOKENS[r.auth.token](w)}`;
  else if ('header' in r.auth) headers.authorization = r.auth.header;
  if (r.contentType) headers['content-type'] = r.contentType;
  if (r.contentLength) headers['content-length'] = r.contentLength;
  if (r.idempotencyKey !== null) headers['idempotency-key'] = r.idempotencyKey;
  let body: string | undefined;
  if (r.body.kind === 'json') body = JSON.stringify(resolveRefs(r.body.value, w)) ?? 'null';
  else if (r.body.kind === 'raw') body = r.body.text;
  // A GET or HEAD request cannot have a body (the Request constructor refuses one).
  if (r.method === 'GET' || r.method === 'HEAD') body = undefined;
  return { url: `${path}${r.query ? `?${r.query}` : ''}`, init: { method: r.method, headers, ...(body === undefined ? {} : { body }) } };
}

const stats = { requests: 0, runs: 0, byStatus: new Map<number, number>() };

function describeRequest(r: FuzzRequest, sent: Sent, status: number, text: string): string {
  const body = sent.init.body === undefined ? '(none)' : sent.init.body.length > 300 ? `${sent.init.body.slice(0, 300)}… (${sent.init.body.length} chars)` : sent.init.body;
  return [
    `${sent.init.method} ${sent.url.length > 300 ? `${sent.url.slice(0, 300)}…` : sent.url}  [${r.op}; ${r.body.mutation}]`,
    `headers: ${JSON.stringify({ ...sent.init.headers, ...(sent.init.headers.authorization ? { authorization: JSON.stringify(r.auth) } : {}) })}`,
    `body: ${body}`,
    `→ ${status} ${text.slice(0, 500)}`,
  ].join('\n  ');
}

const ERROR_KEYS = new Set(['status', 'code', 'message', 'fields']);

function checkErrorShape(status: number, text: string, headers: Headers, where: string): { code: string; fields: { field: string }[] } {
  assert.match(headers.get('content-type') ?? '', /application\/json/, `a ${status} answers JSON\n  ${where}`);
  const parsed = JSON.parse(text) as { error?: Json };
  assert.deepEqual(Object.keys(parsed), ['error'], `the error body is { error }\n  ${where}`);
  const error = parsed.error!;
  for (const key of Object.keys(error)) assert.ok(ERROR_KEYS.has(key), `unexpected key error.${key}\n  ${where}`);
  assert.equal(error.status, status, `error.status is the HTTP status\n  ${where}`);
  assert.ok(typeof error.code === 'string' && error.code.length > 0, `error.code\n  ${where}`);
  assert.ok(typeof error.message === 'string' && error.message.length > 0, `error.message\n  ${where}`);
  const fields = error.fields as { field: unknown; code: unknown; message: unknown }[] | undefined;
  if (fields !== undefined) {
    assert.ok(Array.isArray(fields) && fields.length > 0, `error.fields, when present, is a non-empty list\n  ${where}`);
    for (const f of fields) {
      assert.ok(typeof f.field === 'string' && f.field.length > 0, `every field issue names its field\n  ${where}`);
      assert.ok(typeof f.code === 'string' && typeof f.message === 'string', `every field issue has a code and a message\n  ${where}`);
    }
  }
  return { code: error.code, fields: (fields ?? []) as { field: string }[] };
}

/** Whether an error names `key` (or a field inside it: `key.sub`, `key[0]`). */
const names = (fields: { field: string }[], key: string) => fields.some((f) => f.field === key || f.field.startsWith(`${key}.`) || f.field.startsWith(`${key}[`));

async function exercise(w: World, r: FuzzRequest): Promise<void> {
  const sb = w.h.sb;
  const sent = build(r, w);
  await sb.dispatcher.idle();
  const before = snapshot(sb);
  const res = await sb.app.request(sent.url, sent.init);
  const text = await res.text();
  stats.requests += 1;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const where = describeRequest(r, sent, res.status, text);
  // An added fault rule would fail, delay or drop the next requests on purpose: none is kept.
  if (sent.init.method === 'POST' && res.status === 201 && r.op === OPERATIONS.find((o) => o.template === '/__sandbox/faults' && o.method === 'post')?.operationId) sb.faults.clear();

  assert.ok(res.status < 500, `never a 5xx\n  ${where}`);
  const op = CHECK_CONTRACT && sent.init.method !== 'HEAD' ? findOperation(sent.init.method, sent.url.split('?')[0]!) : undefined;
  if (op) {
    const json = (res.headers.get('content-type') ?? '').includes('json');
    assertMatchesContract(sent.init.method, sent.url.split('?')[0]!, res.status, json ? JSON.parse(text) : text || undefined, res.headers);
  }
  const ok = res.status >= 200 && res.status < 300;
  if (res.status >= 400 && sent.init.method !== 'HEAD') {
    const { code, fields } = checkErrorShape(res.status, text, res.headers, where);
    if (res.status === 400 && code === 'invalid_request') {
      assert.ok(fields.length > 0, `a 400 invalid_request names the offending field\n  ${where}`);
      if (r.body.wrongType && !names(fields, 'Idempotency-Key')) {
        assert.ok(names(fields, r.body.wrongType), `the 400 names ${r.body.wrongType}, given the wrong type\n  ${where}`);
      }
    }
    if (r.body.wrongType && res.status === 422 && !names(fields, 'Idempotency-Key')) {
      assert.fail(`${r.body.wrongType} of the wrong type got past validation to a business rule\n  ${where}`);
    }
  }
  if (ok && r.body.wrongType && r.body.kind === 'json' && sent.init.body !== undefined && expectsJsonBody(r)) {
    assert.fail(`${r.body.wrongType} of the wrong type was accepted\n  ${where}`);
  }
  if (!ok) {
    await sb.dispatcher.idle();
    assert.deepStrictEqual(snapshot(sb), before, `a refused request changed the sandbox\n  ${where}`);
  }
}

/** The request reached its operation with a JSON body the operation reads (not another method or route). */
function expectsJsonBody(r: FuzzRequest): boolean {
  const op = OPERATIONS.find((o) => o.operationId === r.op)!;
  return r.method === op.method.toUpperCase() && Boolean(op.operation.requestBody) && (r.contentType ?? '').toLowerCase().startsWith('application/json');
}

describe('fuzz: every operation of the contract', () => {
  after(() => {
    const statuses = [...stats.byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}: ${stats.runs} runs, ${stats.requests} requests (${statuses})`);
  });

  it(`never a 5xx, one error shape, named fields, no change on a refusal (seed ${SEED}, ${RUNS} runs)`, async () => {
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (set either to change the run)`);
    await fc.assert(
      fc.asyncProperty(requests, async (sequence) => {
        stats.runs += 1;
        const w = await buildWorld();
        try {
          for (const r of sequence) await exercise(w, r);
        } finally {
          w.h.close();
        }
      }),
      { seed: SEED, numRuns: RUNS, includeErrorInReport: true, interruptAfterTimeLimit: 10 * 60_000 },
    );
  });
});
