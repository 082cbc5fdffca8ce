/**
 * Emulator-only controls under /__sandbox (no counterpart in the real service). All but health, fixtures and the
 * logo require the App token, refuse web pages and non-JSON bodies: http/controls.ts guards them for app.ts.
 */
import type { Context, Hono } from 'hono';
import { BUSINESS_HOURS, MAX_CLOCK_MOVE_DAYS, MAX_CLOCK_MOVE_MS } from '../clock.js';
import { fixtures } from '../data/fixtures.js';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { fail, type FieldIssue } from '../http/errors.js';
import { checkBody, typeName } from '../http/contract.js';
import { TIME_ZONE } from '../time.js';
import { toAccount } from '../views/account.js';
import type { Deps } from './deps.js';
import { pathAccount } from './deps.js';

// How far a move may go (MAX_CLOCK_MOVE_DAYS) is checked on the instant it reaches, for every form alike.
const CLOCK_KEYS = ['advance_seconds', 'advance_hours', 'advance_business_hours', 'set'] as const;

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32" role="img" aria-label="Sandbox Partner">' +
  '<rect width="32" height="32" rx="6" fill="#1f6feb"/><path d="M18 5 9 18h6l-2 9 9-13h-6z" fill="#fff"/>' +
  '<text x="40" y="21" font-family="sans-serif" font-size="13" fill="#1f2328">Sandbox</text></svg>';

/**
 * The body of a control that takes none: nothing, or `{}`. Anything else is a 400 rather than ignored, since what it
 * asked for is not what would happen: `{ "account_uuid": … }` sent to POST /__sandbox/expire-tokens would expire
 * every account's tokens.
 */
async function readNoBody(c: Context, hint = ''): Promise<void> {
  const body = await readJson(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw fail.field('body', 'type', `This request takes no body (or {}), not ${typeName(body)}`);
  }
  const keys = Object.keys(body);
  if (keys.length > 0) {
    throw fail.invalid(keys.map((key) => ({ field: key || '""', code: 'unknown_field', message: `${key || '""'} is not allowed here: this request takes no body${hint}` })));
  }
}

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
    const body = checkBody('sandboxSetClock', await readJson(c), issues, { skip: ['minProperties', 'maxProperties'] });
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
    const field = given[0]!;
    const limit = now + MAX_CLOCK_MOVE_MS;
    let target: number;
    let advance: number | null = null;
    if (body.set !== undefined) {
      target = Date.parse(body.set);
      // The clock never moves backwards: what already happened (expired tokens, activations) cannot un-happen.
      if (target < now) throw fail.field('set', 'range', `set must not be before the sandbox's now (${new Date(now).toISOString()})`);
    } else if (body.advance_seconds !== undefined || body.advance_hours !== undefined) {
      advance = body.advance_seconds !== undefined ? body.advance_seconds * 1000 : body.advance_hours! * 3_600_000;
      target = now + advance;
    } else {
      // There are never more than nine business hours in a day: a larger count is out of bounds before any walking.
      const hours = body.advance_business_hours!;
      target = hours > MAX_CLOCK_MOVE_DAYS * 9 ? Infinity : clock.addBusinessHours(hours, now).getTime();
    }
    // One move computes every day it skips (billing periods, webhooks): ten years at most, then move again.
    if (target > limit) {
      throw fail.field(
        field,
        'range',
        `${field} must move the clock at most ${MAX_CLOCK_MOVE_DAYS / 365} years (${MAX_CLOCK_MOVE_DAYS} days) ahead of the sandbox's now (${new Date(now).toISOString()}), ` +
          `that is to ${new Date(limit).toISOString()} at the latest; to go further, move it again from there`,
      );
    }
    if (advance === null) clock.set(target);
    else clock.advance(advance);
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

  app.post('/__sandbox/accounts/:account_uuid/expire-tokens', async (c) => {
    const account = pathAccount(c, deps);
    await readNoBody(c);
    return c.json({ expired: store.expireTokens(account.uuid) });
  });

  app.post('/__sandbox/expire-tokens', async (c) => {
    await readNoBody(c, ' (one account\'s tokens: POST /__sandbox/accounts/{account_uuid}/expire-tokens)');
    return c.json({ expired: store.expireTokens() });
  });

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
