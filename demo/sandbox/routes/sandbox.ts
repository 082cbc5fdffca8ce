/** Emulator-only controls under /__sandbox (no counterpart in the real service; no authentication, local use). */
import type { Hono } from 'hono';
import { BUSINESS_HOURS } from '../clock.js';
import { fixtures } from '../data/fixtures.js';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { fail, type FieldIssue } from '../http/errors.js';
import { check, number, object, optional, string } from '../http/validate.js';
import { TIME_ZONE } from '../time.js';
import { toAccount } from '../views/account.js';
import type { Deps } from './deps.js';
import { pathAccount } from './deps.js';

const clockBody = object({
  advance_seconds: optional(number({ min: 0, max: 10 * 365 * 86_400 })),
  advance_hours: optional(number({ min: 0, max: 10 * 365 * 24 })),
  advance_business_hours: optional(number({ min: 0, max: 10 * 365 * 9 })),
  set: optional(string({ format: 'timestamp' })),
});
const CLOCK_KEYS = ['advance_seconds', 'advance_hours', 'advance_business_hours', 'set'] as const;

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32" role="img" aria-label="Sandbox Partner">' +
  '<rect width="32" height="32" rx="6" fill="#1f6feb"/><path d="M18 5 9 18h6l-2 9 9-13h-6z" fill="#fff"/>' +
  '<text x="40" y="21" font-family="sans-serif" font-size="13" fill="#1f2328">Sandbox</text></svg>';

export function registerSandboxRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock } = deps;

  const clockView = () => ({
    now: clock.now().toISOString(),
    today: clock.today(),
    time_zone: TIME_ZONE,
    offset_ms: clock.offsetMs,
    business_hours: { days: BUSINESS_HOURS.days, open: '08:00', close: '17:00', is_open: clock.isBusinessTime() },
  });

  app.get('/__sandbox/health', (c) => c.json({ status: 'ok', now: clock.now().toISOString() }));

  app.get('/__sandbox/fixtures', (c) => c.json(fixtures()));

  app.get('/__sandbox/clock', (c) => c.json(clockView()));

  app.post('/__sandbox/clock', async (c) => {
    const issues: FieldIssue[] = [];
    const body = check(clockBody, await readJson(c), issues);
    const given = body ? CLOCK_KEYS.filter((k) => body[k] !== undefined) : [];
    if (body && given.length !== 1) {
      issues.push({
        field: given[1] ?? 'advance_seconds',
        code: given.length === 0 ? 'required' : 'unknown_field',
        message: `Send exactly one of: ${CLOCK_KEYS.join(', ')}`,
      });
    }
    if (!body || issues.length) throw fail.invalid(issues);
    const now = clock.nowMs();
    if (body.set !== undefined) {
      const target = Date.parse(body.set);
      // The clock never moves backwards: what already happened (expired tokens, activations) cannot un-happen.
      if (target < now) throw fail.field('set', 'range', `set must not be before the sandbox's now (${new Date(now).toISOString()})`);
      clock.set(target);
    } else if (body.advance_seconds !== undefined) clock.advance(body.advance_seconds * 1000);
    else if (body.advance_hours !== undefined) clock.advance(body.advance_hours * 3_600_000);
    else clock.set(clock.addBusinessHours(body.advance_business_hours!, now));
    return c.json(clockView());
  });

  app.get('/__sandbox/accounts/:account_uuid', (c) => {
    const account = pathAccount(c, deps);
    return c.json({
      account: toAccount(account, store.app),
      counters: account.counters,
      requests_by_route: account.requestsByRoute,
      pipeline: account.pipeline && { stage: account.pipeline.stage, due_at: new Date(account.pipeline.dueAt).toISOString(), halted: account.pipeline.halted },
      credit_outcome: account.credit?.outcome ?? null,
      funnel_events: store.funnelFor(account.uuid).map((e) => ({
        id: e.id,
        event: e.event,
        source: e.source,
        identity: e.identity,
        prospect_email: e.prospectEmail,
        plan_uuids: e.planUuids,
        reason: e.reason,
        label: e.label,
        recorded_at: new Date(e.recordedAt).toISOString(),
        merged_at: e.mergedAt === null ? null : new Date(e.mergedAt).toISOString(),
      })),
      service_events: store.serviceEvents
        .filter((e) => e.accountUuid === account.uuid)
        .map((e) => ({ event: e.event, at: new Date(e.at).toISOString(), ...(e.detail ? { detail: e.detail } : {}) })),
      tokens: store.tokens.forAccount(account.uuid).map((t) => ({
        kind: t.kind,
        scope: t.scope ?? null,
        expires_at: new Date(t.expiresAt).toISOString(),
        expired: t.expiresAt <= clock.nowMs(),
      })),
    });
  });

  app.post('/__sandbox/accounts/:account_uuid/expire-tokens', (c) => {
    const account = pathAccount(c, deps);
    return c.json({ expired: store.expireTokens(account.uuid) });
  });

  app.post('/__sandbox/expire-tokens', (c) => c.json({ expired: store.expireTokens() }));

  app.get('/__sandbox/funnel-events', (c) =>
    c.json(
      store.funnel.map((e) => ({
        id: e.id,
        event: e.event,
        source: e.source,
        identity: e.identity,
        account_uuid: e.accountUuid,
        prospect_email: e.prospectEmail,
        plan_uuids: e.planUuids,
        reason: e.reason,
        label: e.label,
        merged_at: e.mergedAt === null ? null : new Date(e.mergedAt).toISOString(),
      })),
    ),
  );

  app.get('/__sandbox/branding/logo.svg', () => new Response(LOGO_SVG, { headers: { 'content-type': 'image/svg+xml' } }));
}
