/**
 * Webhook delivery for the sandbox, following docs/api-decisions.md ("Webhooks"): a signed JSON POST per event,
 * retried on non-2xx answers and network errors with exponential backoff, at least once, at most six attempts.
 *
 * `signPayload` and `verifySignature` are deliberately self-contained so a partner can copy them into a backend.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_TYPES = [
  'enrollment.plan_requested',
  'enrollment.plan_accepted',
  'enrollment.identity_updated',
  'enrollment.finalized',
  'account.payment_method_added',
  'account.billing_address_updated',
  'account.payment_failed',
  'account.payment_successful',
  'account.invoice_sent',
  'location.service_active',
  'location.usage_history_available',
] as const;

export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export interface WebhookEvent {
  id: string;
  type: WebhookType;
  created_at: string;
  data: Record<string, unknown>;
}

/** One delivery attempt, as `GET /__sandbox/webhooks` lists them. */
export interface DeliveryRecord {
  event_id: string;
  type: WebhookType;
  url: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  attempted_at: string;
  /** When the next attempt is due, or null once delivered or given up. */
  next_retry_at: string | null;
  outcome: 'delivered' | 'retrying' | 'failed';
}

export const MAX_ATTEMPTS = 6;
export const SIGNATURE_HEADER = 'Service-Signature';
export const WEBHOOK_ID_HEADER = 'Service-Webhook-Id';

/** Hex HMAC-SHA256 of `"<timestamp>.<raw body>"` with the webhook secret. */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The `Service-Signature` header value: `t=<unix seconds>,v1=<hex signature>`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, body)}`;
}

/**
 * Checks a `Service-Signature` header against the raw request body (verify before parsing the JSON). Rejects
 * timestamps more than `toleranceSeconds` from `now`, which limits replays. Several `v1` entries are accepted so a
 * secret can be rotated; the comparison is constant-time.
 */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  toleranceSeconds = 300,
  now: Date = new Date(),
): boolean {
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) candidates.push(value.toLowerCase());
  }
  if (timestamp === null || candidates.length === 0) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, timestamp, body), 'hex');
  let match = false;
  // Compare against every candidate, so the time taken does not reveal which one matched.
  for (const candidate of candidates) match = timingSafeEqual(expected, Buffer.from(candidate, 'hex')) || match;
  return match;
}

/**
 * Why no delivery could ever reach `url`, in the words of a 400 naming it, or null. Refused: what is not an absolute
 * http(s) URL; port 0, to which nothing connects (a port over 65535 is no URL at all); a user name or password
 * (`user:pass@`), with which fetch refuses to send anything; a fragment (`#…`), which a request never carries, so
 * every delivery would reach the URL without it (an endpoint told apart by its fragment would get every event).
 */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'url must be an absolute http(s) URL';
  if (parsed.port === '0') return 'url has port 0, which nothing can listen on: use the port of your receiver (1 to 65535)';
  if (parsed.username || parsed.password) return 'url must not hold a user name or password (user:pass@): no delivery can be sent to such a URL; check the Service-Signature header instead';
  if (parsed.href.includes('#')) return 'url must not have a fragment (#…): a request never carries it, so every delivery would go to the URL without it';
  return null;
}

export interface WebhookDispatcherOptions {
  url?: string;
  secret: string;
  /** Delay before the first retry; each further retry waits twice as long. 1000 ms by default. */
  backoffMs?: number;
  fetch?: typeof fetch;
  /** Real time: the signatures' `t` and the retries' schedule (a partner verifies `t` against its own clock). */
  now?: () => Date;
  /**
   * When an event happened, its `created_at`: the service's time, which in the sandbox is its clock (moved by
   * `/__sandbox/clock`), like every other timestamp it answers. Real time by default.
   */
  eventTime?: () => Date;
  /** Per-attempt time limit; 10 s by default. */
  timeoutMs?: number;
}

interface Pending {
  event: WebhookEvent;
  body: string;
  url: string;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  controller: AbortController | null;
}

// The sandbox runs for days in a partner's dev environment; keep the inspection lists bounded.
const MAX_EVENTS = 1000;
const MAX_DELIVERIES = 5000;

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return detail ? `${err.message} (${detail})` : err.message;
}

export class WebhookDispatcher {
  private url: string | null;
  private secret: string;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;
  private readonly eventTime: () => Date;
  private readonly eventLog: WebhookEvent[] = [];
  private readonly deliveryLog: DeliveryRecord[] = [];
  private readonly pending = new Map<string, Pending>();
  private idleWaiters: (() => void)[] = [];
  private keepAlive: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(opts: WebhookDispatcherOptions) {
    this.url = null;
    this.secret = opts.secret;
    const backoffMs = opts.backoffMs ?? 1000;
    // NaN (SANDBOX_WEBHOOK_BACKOFF_MS=1s) would date the next retry at an invalid time, and that throws mid-delivery.
    if (!Number.isFinite(backoffMs)) throw new TypeError(`the webhook backoff must be a number of milliseconds, not ${backoffMs}`);
    this.backoffMs = Math.max(0, backoffMs);
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.fetchImpl = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
    this.eventTime = opts.eventTime ?? this.now;
    this.configure({ url: opts.url ?? null });
  }

  /** Changes the endpoint (null disables delivery) or the secret. Deliveries already queued keep their URL. */
  configure(opts: { url?: string | null; secret?: string }): void {
    if (opts.url !== undefined) {
      const problem = opts.url === null ? null : webhookUrlProblem(opts.url);
      if (problem) throw new TypeError(problem);
      this.url = opts.url;
    }
    if (opts.secret !== undefined) this.secret = opts.secret;
  }

  /** Records the event and, when a URL is configured, queues its delivery. */
  emit(type: WebhookType, data: Record<string, unknown>): WebhookEvent {
    if (!(WEBHOOK_TYPES as readonly string[]).includes(type)) throw new TypeError(`unknown webhook type ${type}`);
    const event: WebhookEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      created_at: this.eventTime().toISOString(),
      data,
    };
    this.eventLog.push(event);
    if (this.eventLog.length > MAX_EVENTS) this.eventLog.shift();
    if (this.url && !this.closed) {
      // The body is serialized once, so every retry carries the same bytes the signature covers.
      const body = JSON.stringify({ id: event.id, type, created_at: event.created_at, data });
      const job: Pending = { event, body, url: this.url, attempt: 0, timer: null, controller: null };
      this.pending.set(event.id, job);
      this.schedule(job, 0);
    }
    return event;
  }

  events(): WebhookEvent[] {
    return [...this.eventLog];
  }

  deliveries(): DeliveryRecord[] {
    return [...this.deliveryLog];
  }

  /** Resolves once no delivery is queued, in flight or waiting for a retry. */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    // Retry timers are unref'd; whoever awaits idle() does want the process to stay up until it settles.
    this.keepAlive ??= setInterval(() => undefined, 60_000);
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Cancels queued retries and in-flight requests; later events are recorded but not delivered. */
  close(): void {
    this.closed = true;
    for (const job of this.pending.values()) {
      if (job.timer) clearTimeout(job.timer);
      job.controller?.abort();
    }
    this.pending.clear();
    this.settleIdle();
  }

  private schedule(job: Pending, delayMs: number): void {
    job.timer = setTimeout(() => {
      job.timer = null;
      void this.attempt(job);
    }, delayMs);
    // A pending retry must never keep the sandbox process (or a test runner) alive.
    job.timer.unref();
  }

  private async attempt(job: Pending): Promise<void> {
    job.attempt += 1;
    const attemptedAt = this.now();
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    const controller = new AbortController();
    job.controller = controller;
    const timeout = setTimeout(() => controller.abort(new Error(`timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
    timeout.unref();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const res = await this.fetchImpl(job.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [WEBHOOK_ID_HEADER]: job.event.id,
          [SIGNATURE_HEADER]: signatureHeader(this.secret, timestamp, job.body),
          'User-Agent': 'service-flow-sandbox-webhooks/1',
        },
        body: job.body,
        redirect: 'manual', // a redirect is not an acknowledgement
        signal: controller.signal,
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (err) {
      error = controller.signal.aborted ? describeError(controller.signal.reason) : describeError(err);
    } finally {
      clearTimeout(timeout);
      job.controller = null;
    }
    if (this.closed) return;
    const delivered = error === null;
    const retry = !delivered && job.attempt < MAX_ATTEMPTS;
    const delay = this.backoffMs * 2 ** (job.attempt - 1);
    this.record({
      event_id: job.event.id,
      type: job.event.type,
      url: job.url,
      attempt: job.attempt,
      status_code: statusCode,
      error,
      attempted_at: attemptedAt.toISOString(),
      next_retry_at: retry ? new Date(attemptedAt.getTime() + delay).toISOString() : null,
      outcome: delivered ? 'delivered' : retry ? 'retrying' : 'failed',
    });
    if (retry) {
      this.schedule(job, delay);
      return;
    }
    this.pending.delete(job.event.id);
    this.settleIdle();
  }

  private record(entry: DeliveryRecord): void {
    this.deliveryLog.push(entry);
    if (this.deliveryLog.length > MAX_DELIVERIES) this.deliveryLog.shift();
  }

  private settleIdle(): void {
    if (this.pending.size > 0) return;
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
