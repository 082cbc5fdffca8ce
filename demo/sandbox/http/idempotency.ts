/**
 * Idempotency-Key on POST, PATCH and PUT (docs/api-decisions.md): the same key, from the same token subject (the
 * App, or the account whatever token of it is used), on the same method and path replays the first response for
 * 24 hours without running the handler again. Only successful responses are kept: a failed request had no side
 * effect, so running it again is what a retry after fixing the cause needs. A retry that arrives while the first
 * request is still running waits for it and then replays it.
 */
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.js';
import { fail } from './errors.js';
import type { SandboxEnv } from './env.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface Stored {
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
      const id = `${subjectOf(c)}\n${c.req.method}\n${c.req.path}\n${key}`;
      const pending = this.#running.get(id);
      if (pending) await pending;
      const stored = this.#fresh(id);
      if (stored) {
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
