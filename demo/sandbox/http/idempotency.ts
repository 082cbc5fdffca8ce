/**
 * Idempotency-Key on POST, PATCH and PUT (docs/api-decisions.md): the same key, from the same token subject (the
 * App, or the account whatever token of it is used), replays the first response for 24 hours without running the
 * handler again, provided the request is the same one: same method, path (and query) and body. The key is bound to
 * that request by a fingerprint; the body part is its canonical JSON (keys sorted, whitespace dropped; an
 * empty body counts as `{}`, as the routes read it), so a client that re-serializes the same object still gets its
 * replay, while a different request under a used key (a credit check with another SSN) is refused with 422
 * `unprocessable`, field `Idempotency-Key`, code `reused`, rather than answered with the first request's response
 * (Stripe does the same). A body that is not JSON is taken as it came. The fingerprint is an HMAC-SHA-256 under a
 * random secret made once per sandbox process, never a plain hash: a credit check's body holds an SSN, whose 10^9
 * values a stored plain hash would give back by brute force.
 *
 * Only successful responses are kept: a failed request had no side effect, so running it again — or another request
 * under its key — is what a retry after fixing the cause needs. A retry that arrives while the first request is
 * still running waits for it and then replays it (or is refused, when it is a different request).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.js';
import { readBody } from './body.js';
import { fail } from './errors.js';
import type { SandboxEnv } from './env.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface Stored {
  /** What the key was first used for (method, path, query, body hash): a different request under it is a 422. */
  fingerprint: string;
  /** `POST /v1/...`, for the refusal's message. */
  request: string;
  status: number;
  body: string;
  contentType: string;
  storedAt: number;
}

export class IdempotencyStore {
  readonly #clock: Clock;
  readonly #entries = new Map<string, Stored>();
  readonly #running = new Map<string, Promise<void>>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  middleware(subjectOf: (c: Parameters<MiddlewareHandler<SandboxEnv>>[0]) => string): MiddlewareHandler<SandboxEnv> {
    return async (c, next) => {
      if (!['POST', 'PATCH', 'PUT'].includes(c.req.method)) return next();
      const key = c.req.header('idempotency-key');
      if (key === undefined) return next();
      if (key.length < 1 || key.length > 255) {
        throw fail.field('Idempotency-Key', 'range', 'Idempotency-Key must be 1 to 255 characters');
      }
      const id = `${subjectOf(c)}\n${key}`;
      const fingerprint = await fingerprintOf(c);
      // Wait while a request under this key runs (looping: another waiter may have started in the meantime).
      for (let pending = this.#running.get(id); pending; pending = this.#running.get(id)) await pending;
      const stored = this.#fresh(id);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          throw fail.unprocessable(
            'Idempotency-Key',
            'reused',
            `The Idempotency-Key "${key}" was already used for a different request (${stored.request}) in the last 24 hours; ` +
              'send a new key with a new request',
          );
        }
        c.res = new Response(stored.body, {
          status: stored.status,
          headers: { 'content-type': stored.contentType, 'idempotent-replayed': 'true' },
        });
        return;
      }
      let done!: () => void;
      this.#running.set(id, new Promise<void>((resolve) => (done = resolve)));
      try {
        await next();
        if (c.res.status >= 200 && c.res.status < 300) {
          this.#entries.set(id, {
            fingerprint,
            request: `${c.req.method} ${c.req.path}`,
            status: c.res.status,
            body: await c.res.clone().text(),
            contentType: c.res.headers.get('content-type') ?? 'application/json',
            storedAt: this.#clock.nowMs(),
          });
        }
      } finally {
        this.#running.delete(id);
        done();
      }
    };
  }

  #fresh(id: string): Stored | undefined {
    const stored = this.#entries.get(id);
    if (!stored) return undefined;
    if (this.#clock.nowMs() - stored.storedAt > IDEMPOTENCY_TTL_MS) {
      this.#entries.delete(id);
      return undefined;
    }
    return stored;
  }
}

/** Keys the fingerprints: made per process, so the same request matches only within it (as the store lives). */
const SECRET = randomBytes(32);

/** Method, path, query (sorted) and the body's canonical JSON, HMAC'd under the process's secret. */
export async function fingerprintOf(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  url.searchParams.sort();
  const text = new TextDecoder('utf-8').decode(await readBody(c));
  let body: string;
  try {
    body = `json:${canonicalJson(text.trim() === '' ? {} : (JSON.parse(text) as unknown))}`;
  } catch {
    body = `raw:${text}`;
  }
  return createHmac('sha256', SECRET).update(`${c.req.method}\n${url.pathname}\n${url.searchParams.toString()}\n${body}`).digest('hex');
}

/** JSON with object keys sorted at every level, so that key order and whitespace do not make another request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
