/**
 * Funnel events (plans_viewed, enrollment_opt_out) from the partner's backend (App token) and from the flow
 * (flow/account token), and the opt-out survey reasons. The event body is a discriminated union whose members
 * allow no other keys: a field meant for the other event (reason on plans_viewed) is refused as unknown_field.
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { OPT_OUT_CODES, optOutReasons } from '../data/opt-out.js';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { fail, type FieldIssue } from '../http/errors.js';
import { array, check, enumOf, object, optional, parseQuery, string } from '../http/validate.js';
import type { Store } from '../store/store.js';
import type { AccountRecord, FunnelRecord } from '../store/types.js';
import { tokenAccount, type Deps } from './deps.js';
import { locale } from './schemas.js';

type EventName = FunnelRecord['event'];
type Source = FunnelRecord['source'];

const ALLOWED_KEYS: Record<Source, Record<EventName, readonly string[]>> = {
  app: {
    plans_viewed: ['event', 'prospect', 'account_uuid', 'plan_uuids'],
    enrollment_opt_out: ['event', 'prospect', 'account_uuid', 'plan_uuids', 'reason', 'label'],
  },
  flow: {
    plans_viewed: ['event', 'plan_uuids'],
    enrollment_opt_out: ['event', 'plan_uuids', 'reason', 'label'],
  },
};

const commonFields = {
  event: enumOf(['plans_viewed', 'enrollment_opt_out'] as const),
  prospect: optional(object({ email: string({ format: 'email', max: 254 }) })),
  account_uuid: optional(string({ format: 'uuid' })),
  plan_uuids: array(string({ format: 'uuid' }), { max: 100 }),
  reason: optional(string({ max: 64 })),
  label: optional(string({ max: 500 })),
};
const eventBody = object(commonFields);

export interface ParsedEvent {
  event: EventName;
  prospectEmail: string | null;
  accountUuid: string | null;
  planUuids: string[];
  reason: string | null;
  label: string | null;
}

export function parseFunnelEvent(raw: unknown, source: Source): ParsedEvent {
  const issues: FieldIssue[] = [];
  const body = check(eventBody, raw, issues);
  const event = body?.event ?? eventName(raw);
  if (event && typeof raw === 'object' && raw !== null) {
    const allowed = ALLOWED_KEYS[source][event];
    for (const key of Object.keys(raw)) {
      if (!allowed.includes(key)) {
        const why = source === 'flow' && (key === 'prospect' || key === 'account_uuid') ? 'the account is the token\'s' : `not a field of ${event}`;
        issues.push({ field: keyName(key), code: 'unknown_field', message: `${keyName(key)} is not allowed here: ${why}` });
      }
    }
    const prospect = (raw as Record<string, unknown>).prospect;
    if (prospect && typeof prospect === 'object' && !Array.isArray(prospect)) {
      for (const key of Object.keys(prospect)) {
        const field = `prospect.${keyName(key)}`;
        if (key !== 'email') issues.push({ field, code: 'unknown_field', message: `${field} is not allowed: prospect has email only` });
      }
    }
  }
  if (body) {
    if (body.event === 'plans_viewed' && body.plan_uuids.length === 0) {
      issues.push({ field: 'plan_uuids', code: 'range', message: 'plan_uuids must name at least one plan the customer saw' });
    }
    if (body.label !== undefined && body.reason === undefined) {
      issues.push({ field: 'reason', code: 'required', message: 'reason is required when label is sent' });
    }
    if (body.reason !== undefined && !OPT_OUT_CODES.includes(body.reason) && body.label === undefined) {
      issues.push({ field: 'label', code: 'required', message: `label is required with a partner-defined reason (known codes: ${OPT_OUT_CODES.join(', ')})` });
    }
  }
  if (!body || issues.length) throw fail.invalid(issues);
  return {
    event: body.event,
    prospectEmail: body.prospect?.email.toLowerCase() ?? null,
    accountUuid: body.account_uuid ?? null,
    planUuids: body.plan_uuids,
    reason: body.reason ?? null,
    label: body.label ?? null,
  };
}

/** A key as the error names it: the empty key, which JSON allows, is shown as `""` so the field is never blank. */
function keyName(key: string): string {
  return key === '' ? '""' : key;
}

function eventName(raw: unknown): EventName | undefined {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).event : undefined;
  return value === 'plans_viewed' || value === 'enrollment_opt_out' ? value : undefined;
}

/** Records the event under the identity strategy the body implies (account, prospect or anonymous). */
export function recordFunnelEvent(store: Store, parsed: ParsedEvent, source: Source, tokenAccount?: AccountRecord): FunnelRecord {
  let account = tokenAccount ?? null;
  if (!account && parsed.accountUuid) account = store.requireAccount(parsed.accountUuid);
  if (!account && parsed.prospectEmail) account = store.accountByEmail(parsed.prospectEmail) ?? null;
  const record: FunnelRecord = {
    id: randomUUID(),
    event: parsed.event,
    source,
    identity: account ? 'account' : parsed.prospectEmail ? 'prospect' : 'anonymous',
    accountUuid: account?.uuid ?? null,
    prospectEmail: parsed.prospectEmail,
    planUuids: parsed.planUuids,
    reason: parsed.reason,
    label: parsed.label,
    recordedAt: store.clock.nowMs(),
    mergedAt: null,
  };
  store.funnel.push(record);
  if (account) account.counters.funnel_events += 1;
  return record;
}

const reasonsQuery = object({ locale: optional(locale) });

export function registerEventRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store } = deps;

  app.post('/v1/app/accounts/events', async (c) => {
    const parsed = parseFunnelEvent(await readJson(c), 'app');
    const record = recordFunnelEvent(store, parsed, 'app');
    if (record.accountUuid) c.set('subjectAccount', store.requireAccount(record.accountUuid));
    return c.json({ recorded: true }, 201);
  });

  app.post('/v1/account/events', async (c) => {
    const account = tokenAccount(c);
    recordFunnelEvent(store, parseFunnelEvent(await readJson(c), 'flow'), 'flow', account);
    return c.json({ recorded: true }, 201);
  });

  app.get('/v1/app/accounts/enroll/opt-out/reasons', (c) => {
    const query = parseQuery(reasonsQuery, c);
    return c.json(optOutReasons(query.locale ?? 'en'));
  });

  app.get('/v1/account/enroll/opt-out/reasons', (c) => {
    const query = parseQuery(reasonsQuery, c);
    return c.json(optOutReasons(query.locale ?? tokenAccount(c).locale));
  });
}
