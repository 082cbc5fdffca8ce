/**
 * Fault injection: lets tests prove the flow survives latency, 5xx answers, dropped connections, 429 bursts and
 * forced token expiry (for partners: README.md, "Faults"). Rules are added over HTTP (mounted by the core at
 * /__sandbox/faults, where the App token is required: http/controls.ts):
 *
 *   POST   /__sandbox/faults      a rule (schema: FaultRuleInput) → 201 the rule
 *   GET    /__sandbox/faults      { seed, rules (with matched/affected counters), counters }
 *   DELETE /__sandbox/faults      clears every rule and counter and restarts the random sequence
 *   DELETE /__sandbox/faults/:id  removes one rule
 *
 * How a request is judged: rules are consulted in creation order. Each matching active rule counts the request
 * (and uses up one of its `count`), adds its latency, then may end the request: a pending 429 of its burst first,
 * then a drop (drop_rate), then an error (error_rate). The first rule that ends the request stops the walk, so later
 * rules are not consulted (nor used up). `after: true` lets the route run first and then fails or drops its answer:
 * the side effect happened, the client never heard. Never applied to /__sandbox/* nor to CORS preflights.
 * Randomness comes from a seeded generator, so a test that adds the same rules sees the same outcomes.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit, readBody } from './http/body.js';
import { seededRandom } from './random.js';

export type FaultErrorStatus = 500 | 502 | 503 | 504;

/** The body of POST /__sandbox/faults. */
export interface FaultRuleInput {
  /** Path prefix matched by whole segments ('*' matches one segment); default '/v1' (every API route). */
  route?: string;
  method?: string;
  latency_ms?: number;
  error_rate?: number;
  error_status?: FaultErrorStatus;
  drop_rate?: number;
  rate_limit_burst?: number;
  retry_after_seconds?: number;
  expire_tokens?: boolean;
  account_uuid?: string;
  count?: number;
  after?: boolean;
}

export interface FaultRule {
  id: string;
  route: string;
  method: string | null;
  latency_ms: number;
  error_rate: number;
  error_status: FaultErrorStatus;
  drop_rate: number;
  rate_limit_burst: number | null;
  retry_after_seconds: number;
  expire_tokens: boolean;
  account_uuid: string | null;
  count: number | null;
  after: boolean;
  created_at: string;
  /** Requests still subject to this rule (null: unlimited). */
  remaining: number | null;
  /** 429s still to give out of the burst. */
  burst_remaining: number;
  /** false once its count and burst are used up, or for an expire_tokens-only rule. */
  active: boolean;
  /** Matching requests that consulted this rule. */
  matched: number;
  /** Requests this rule actually changed (delayed, failed, dropped or rate limited). */
  affected: number;
}

export interface FaultCounters {
  requests: number;
  delayed: number;
  errors: number;
  dropped: number;
  rate_limited: number;
  token_expiries: number;
}

interface FieldError {
  field: string;
  code: 'required' | 'type' | 'enum' | 'format' | 'range' | 'unknown_field';
  message: string;
}

/** Thrown by Faults.add for a bad rule; the HTTP route answers it with 400 and these fields. */
export class FaultRuleError extends Error {
  constructor(readonly fields: FieldError[]) {
    super(`Invalid fault rule: ${fields.map((f) => f.message).join('; ')}`);
  }
}

/** A drop rule fired on a request that has no socket to close (served in-process, not by @hono/node-server). */
export class ConnectionDroppedError extends Error {
  constructor() {
    super('Connection dropped by a fault rule (no socket to close: the request was not served over TCP)');
    this.name = 'ConnectionDroppedError';
  }
}

type Ending =
  | { kind: 'rate_limit'; rule: FaultRule }
  | { kind: 'drop'; rule: FaultRule }
  | { kind: 'error'; rule: FaultRule };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ERROR_STATUSES: FaultErrorStatus[] = [500, 502, 503, 504];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KNOWN_FIELDS = new Set([
  'route', 'method', 'latency_ms', 'error_rate', 'error_status', 'drop_rate', 'rate_limit_burst',
  'retry_after_seconds', 'expire_tokens', 'account_uuid', 'count', 'after',
]);


/** Whole-segment prefix match: '/v1/account' matches '/v1/account/…' but not '/v1/accounts'. */
function routeMatcher(route: string): RegExp {
  const trimmed = route.length > 1 ? route.replace(/\/+$/, '') : route;
  const pattern = trimmed
    .split('/')
    .map((segment) => (segment === '*' ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return trimmed === '/' ? /^\// : new RegExp(`^${pattern}(?:/|$)`);
}

function errorBody(status: number, code: string, message: string, fields?: FieldError[]) {
  return { error: fields ? { status, code, message, fields } : { status, code, message } };
}

const ERROR_TEXT: Record<FaultErrorStatus, [string, string]> = {
  500: ['internal', 'Internal server error (injected fault)'],
  502: ['unavailable', 'Bad gateway (injected fault)'],
  503: ['unavailable', 'Service unavailable (injected fault)'],
  504: ['unavailable', 'Gateway timeout (injected fault)'],
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Faults {
  private readonly seed: number;
  private random: () => number;
  private rules: FaultRule[] = [];
  private matchers = new Map<string, RegExp>();
  private nextId = 1;
  private counters: FaultCounters = Faults.zeroCounters();
  private readonly expireListeners: Array<(accountUuid?: string) => void> = [];
  private readonly accountExists: ((uuid: string) => boolean) | undefined;
  private readonly now: () => Date;

  /**
   * `accountExists`: how an expire_tokens rule's account_uuid is checked (the core's store); unchecked without it.
   * `now`: the time a rule's created_at says, the sandbox clock's as every timestamp it answers (real time without it).
   */
  constructor(opts: { seed?: number; accountExists?: (uuid: string) => boolean; now?: () => Date } = {}) {
    this.seed = opts.seed ?? 1;
    this.accountExists = opts.accountExists;
    this.now = opts.now ?? (() => new Date());
    this.random = seededRandom(this.seed);
  }

  private static zeroCounters(): FaultCounters {
    return { requests: 0, delayed: 0, errors: 0, dropped: 0, rate_limited: 0, token_expiries: 0 };
  }

  /** The core registers how to expire tokens (all of them, or one account's). */
  onExpireTokens(cb: (accountUuid?: string) => void): void {
    this.expireListeners.push(cb);
  }

  /** Validates and adds a rule (throws FaultRuleError); an expire_tokens rule takes effect at once. */
  add(input: unknown): FaultRule {
    const rule = this.normalize(input);
    this.rules.push(rule);
    this.matchers.set(rule.id, routeMatcher(rule.route));
    if (rule.expire_tokens) {
      this.counters.token_expiries += 1;
      for (const listener of this.expireListeners) listener(rule.account_uuid ?? undefined);
    }
    return structuredClone(rule);
  }

  list(): { seed: number; rules: FaultRule[]; counters: FaultCounters } {
    return { seed: this.seed, rules: structuredClone(this.rules), counters: { ...this.counters } };
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    this.matchers.delete(id);
    return this.rules.length < before;
  }

  /** Back to a clean start: no rules, zero counters, ids from 1 and the random sequence from its seed. */
  clear(): void {
    this.rules = [];
    this.matchers.clear();
    this.nextId = 1;
    this.counters = Faults.zeroCounters();
    this.random = seededRandom(this.seed);
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const path = c.req.path;
      if (path === '/__sandbox' || path.startsWith('/__sandbox/') || c.req.method === 'OPTIONS') return next();
      const { latency, ending } = this.judge(path, c.req.method);
      if (latency > 0) {
        this.counters.delayed += 1;
        await sleep(latency);
      }
      if (!ending) return next();
      if (ending.kind === 'rate_limit') {
        this.counters.rate_limited += 1;
        return this.rateLimited(c, ending.rule);
      }
      if (ending.rule.after) await next();
      if (ending.kind === 'drop') {
        this.counters.dropped += 1;
        return this.drop(c);
      }
      this.counters.errors += 1;
      const response = this.failure(c, ending.rule);
      if (!ending.rule.after) return response;
      // Replace the route's answer: discard its body, clear the old response (so none of its headers leak onto the
      // error, e.g. a Content-Length), then set the error.
      await c.res.body?.cancel().catch(() => undefined);
      c.res = undefined;
      c.res = response;
    };
  }

  routes(): Hono {
    const app = new Hono();
    // The sandbox's one body limit (64 KiB, counted while reading); a no-op when the core already applied it.
    app.use('*', bodyLimit());
    app.get('/', (c) => c.json(this.list()));
    app.post('/', async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(await readBody(c)));
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return c.json(errorBody(400, 'invalid_json', `The body is not valid JSON: ${detail}`), 400);
      }
      try {
        return c.json(this.add(body), 201);
      } catch (error) {
        if (!(error instanceof FaultRuleError)) throw error;
        return c.json(errorBody(400, 'invalid_request', error.message, error.fields), 400);
      }
    });
    app.delete('/', (c) => {
      this.clear();
      return c.body(null, 204);
    });
    app.delete('/:id', (c) => {
      if (this.remove(c.req.param('id'))) return c.body(null, 204);
      return c.json(errorBody(404, 'not_found', `No fault rule ${c.req.param('id')}`), 404);
    });
    return app;
  }

  /** Walks the rules for one request: uses up counts, draws the dice, sums latency, picks at most one ending. */
  private judge(path: string, method: string): { latency: number; ending: Ending | null } {
    this.counters.requests += 1;
    let latency = 0;
    for (const rule of this.rules) {
      if (!rule.active || (rule.method && rule.method !== method) || !this.matchers.get(rule.id)?.test(path)) continue;
      rule.matched += 1;
      if (rule.remaining !== null) rule.remaining -= 1;
      let ending: Ending | null = null;
      if (rule.burst_remaining > 0) {
        rule.burst_remaining -= 1;
        ending = { kind: 'rate_limit', rule };
      } else if (this.chance(rule.drop_rate)) {
        ending = { kind: 'drop', rule };
      } else if (this.chance(rule.error_rate)) {
        ending = { kind: 'error', rule };
      }
      if (rule.latency_ms > 0 || ending) rule.affected += 1;
      latency += rule.latency_ms;
      rule.active = this.stillActive(rule);
      if (ending) return { latency, ending };
    }
    return { latency, ending: null };
  }

  /** Rates of exactly 0 or 1 draw nothing, so adding a certain rule does not shift the random sequence. */
  private chance(rate: number): boolean {
    if (rate <= 0) return false;
    if (rate >= 1) return true;
    return this.random() < rate;
  }

  private stillActive(rule: FaultRule): boolean {
    if (rule.remaining !== null && rule.remaining <= 0) return false;
    const ongoing = rule.latency_ms > 0 || rule.error_rate > 0 || rule.drop_rate > 0;
    return ongoing || rule.burst_remaining > 0;
  }

  private rateLimited(c: Context, rule: FaultRule): Response {
    c.header('Retry-After', String(rule.retry_after_seconds));
    c.header('X-Sandbox-Fault', rule.id);
    return c.json(errorBody(429, 'rate_limited', 'Too Many Requests'), 429);
  }

  private failure(c: Context, rule: FaultRule): Response {
    const [code, message] = ERROR_TEXT[rule.error_status];
    return new Response(JSON.stringify(errorBody(rule.error_status, code, message)), {
      status: rule.error_status,
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Fault': rule.id, ...this.keepCors(c) },
    });
  }

  /** CORS headers an outer middleware already put on the response must survive the replacement. */
  private keepCors(c: Context): Record<string, string> {
    const kept: Record<string, string> = {};
    if (!c.finalized) return kept;
    for (const [name, value] of c.res.headers) if (name.startsWith('access-control-')) kept[name] = value;
    return kept;
  }

  /**
   * Closes the TCP connection without an answer (@hono/node-server exposes the socket as c.env.incoming.socket);
   * the Response returned afterwards is never written. Without a socket (app.request in a test) nothing can be
   * closed, so the request fails with ConnectionDroppedError instead of pretending to have been dropped.
   */
  private drop(c: Context): Response {
    const socket = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming?.socket;
    if (!socket) throw new ConnectionDroppedError();
    socket.destroy();
    return new Response(null, { status: 502 });
  }

  private normalize(input: unknown): FaultRule {
    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      throw new FaultRuleError([{ field: 'body', code: 'type', message: 'the body must be a JSON object' }]);
    }
    const body = input as Record<string, unknown>;
    const fields: FieldError[] = [];
    const bad = (field: string, code: FieldError['code'], message: string) => fields.push({ field, code, message });
    for (const key of Object.keys(body)) {
      // The empty key (valid JSON) is named `""`, so the field is never blank.
      const name = key === '' ? '""' : key;
      if (!KNOWN_FIELDS.has(key)) bad(name, 'unknown_field', `${name} is not a fault rule field`);
    }

    const number = (field: string, min: number, max: number, integer: boolean): number | undefined => {
      const value = body[field];
      if (value === undefined) return undefined;
      if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
        bad(field, 'type', `${field} must be ${integer ? 'an integer' : 'a number'}`);
        return undefined;
      }
      if (value < min || value > max) bad(field, 'range', `${field} must be between ${min} and ${max}`);
      return value;
    };
    const boolean = (field: string): boolean | undefined => {
      const value = body[field];
      if (value === undefined || typeof value === 'boolean') return value;
      bad(field, 'type', `${field} must be true or false`);
      return undefined;
    };

    let route = '/v1';
    if (body.route !== undefined) {
      if (typeof body.route !== 'string') bad('route', 'type', 'route must be a string');
      // \p{Cc} and \p{Cs}: a control character (NUL…) or an unpaired surrogate, which no request path holds.
      else if (/[\p{Cc}\p{Cs}]/u.test(body.route)) bad('route', 'format', 'route must be text, without control characters (such as NUL) or unpaired surrogates');
      else if (!/^\/[^\s?#]*$/.test(body.route)) bad('route', 'format', 'route must be a path starting with /, without spaces, ? or #');
      else if (body.route.length > 512) bad('route', 'range', 'route must be at most 512 characters long');
      else if (/^\/__sandbox(\/|$)/.test(body.route)) bad('route', 'range', 'faults never apply to /__sandbox routes');
      else route = body.route;
    }
    let method: string | null = null;
    if (body.method !== undefined) {
      const upper = typeof body.method === 'string' ? body.method.toUpperCase() : '';
      if (METHODS.includes(upper)) method = upper;
      else bad('method', 'enum', `method must be one of ${METHODS.join(', ')}`);
    }
    const latency = number('latency_ms', 0, 60_000, true) ?? 0;
    const errorRate = number('error_rate', 0, 1, false) ?? 0;
    const dropRate = number('drop_rate', 0, 1, false) ?? 0;
    const burst = number('rate_limit_burst', 1, 100_000, true);
    const retryAfter = number('retry_after_seconds', 0, 3_600, true) ?? 1;
    const count = number('count', 1, 1_000_000, true);
    let errorStatus: FaultErrorStatus = 503;
    if (body.error_status !== undefined) {
      if (ERROR_STATUSES.includes(body.error_status as FaultErrorStatus)) errorStatus = body.error_status as FaultErrorStatus;
      else bad('error_status', 'enum', `error_status must be one of ${ERROR_STATUSES.join(', ')}`);
    }
    const expire = boolean('expire_tokens') ?? false;
    const after = boolean('after') ?? false;
    let accountUuid: string | null = null;
    if (body.account_uuid !== undefined) {
      if (typeof body.account_uuid !== 'string' || !UUID.test(body.account_uuid)) bad('account_uuid', 'format', 'account_uuid must be a UUID');
      else if (!expire) bad('account_uuid', 'range', 'account_uuid only applies with expire_tokens: true');
      // Else the rule would expire nothing and say nothing of it, as a typo of the uuid would.
      else if (this.accountExists && !this.accountExists(body.account_uuid)) bad('account_uuid', 'range', `account_uuid names no account of the App: ${body.account_uuid}`);
      else accountUuid = body.account_uuid.toLowerCase();
    }
    if (after && errorRate === 0 && dropRate === 0) {
      bad('after', 'range', 'after applies to error_rate or drop_rate; set one of them');
    }
    if (fields.length === 0 && latency === 0 && errorRate === 0 && dropRate === 0 && burst === undefined && !expire) {
      bad('latency_ms', 'required', 'a rule needs an effect: latency_ms, error_rate, drop_rate, rate_limit_burst or expire_tokens');
    }
    if (fields.length > 0) throw new FaultRuleError(fields);

    const rule: FaultRule = {
      id: `flt_${this.nextId++}`,
      route,
      method,
      latency_ms: latency,
      error_rate: errorRate,
      error_status: errorStatus,
      drop_rate: dropRate,
      rate_limit_burst: burst ?? null,
      retry_after_seconds: retryAfter,
      expire_tokens: expire,
      account_uuid: accountUuid,
      count: count ?? null,
      after,
      created_at: this.now().toISOString(),
      remaining: count ?? null,
      burst_remaining: burst ?? 0,
      active: true,
      matched: 0,
      affected: 0,
    };
    rule.active = this.stillActive(rule);
    return rule;
  }
}
