/**
 * Sliding one-second windows (the specification: 30 requests per second per App on /v1/app/*, 10 per account on
 * /v1/account/*). Unlike fixed buckets, a burst straddling a second boundary cannot get twice the limit through:
 * the N+1th request within ANY 1000 ms is refused. Windows run on real time, never the sandbox clock, since
 * advancing the clock by a day must not reset a client's burst. Refused requests do not count.
 */
import type { MiddlewareHandler } from 'hono';
import { fail } from './errors.js';
import type { SandboxEnv } from './env.js';

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #now: () => number;
  readonly #hits = new Map<string, number[]>();

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.#now = now;
  }

  /** Counts a request for `key`; returns the seconds to wait when it is over the limit. */
  hit(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.#now();
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (hits.length >= this.limit) {
      this.#hits.set(key, hits);
      // The oldest hit leaves the window first; Retry-After is whole seconds and never 0.
      const waitMs = hits[0]! + this.windowMs - now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    hits.push(now);
    this.#hits.set(key, hits);
    return { ok: true };
  }
}

export function rateLimit(limiter: SlidingWindowLimiter, keyOf: (c: Parameters<MiddlewareHandler<SandboxEnv>>[0]) => string): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const result = limiter.hit(keyOf(c));
    if (!result.ok) throw fail.rateLimited(result.retryAfterSeconds, limiter.limit);
    await next();
  };
}
