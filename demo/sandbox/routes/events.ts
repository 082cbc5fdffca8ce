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
import { checkBody, parseQuery } from '../http/contract.js';
import type { Store } from '../store/store.js';
import type { AccountRecord, FunnelRecord } from '../store/types.js';
import { tokenAccount, type Deps } from './deps.js';

type EventName = FunnelRecord['event'];
type Source = FunnelRecord['source'];

export interface ParsedEvent {
  event: EventName;
  prospectEmail: string | null;
  accountUuid: string | null;
  planUuids: string[];
  reason: string | null;
  label: string | null;
}

/**
 * The event checked against the contract's union (FunnelEvent from the App, FlowEvent from the flow: a field of the
 * other event, or prospect and account_uuid from the flow, is unknown_field), then the rules between reason and
 * label, which the schema cannot say.
 */
export function parseFunnelEvent(raw: unknown, source: Source): ParsedEvent {
  const issues: FieldIssue[] = [];
  const body = checkBody(source === 'app' ? 'recordFunnelEvent' : 'recordFlowEvent', raw, issues);
  if (body && body.event === 'enrollment_opt_out') {
    if (body.label !== undefined && body.reason === undefined) {
      issues.push({ field: 'reason', code: 'required', message: 'reason is required when label is sent' });
    }
    if (body.reason !== undefined && !OPT_OUT_CODES.includes(body.reason) && body.label === undefined) {
      issues.push({ field: 'label', code: 'required', message: `label is required with a partner-defined reason (known codes: ${OPT_OUT_CODES.join(', ')})` });
    }
  }
  if (!body || issues.length) throw fail.invalid(issues);
  const app = 'prospect' in body || 'account_uuid' in body ? (body as { prospect?: { email: string }; account_uuid?: string }) : {};
  const optOut = body.event === 'enrollment_opt_out' ? body : undefined;
  return {
    event: body.event,
    prospectEmail: app.prospect?.email.toLowerCase() ?? null,
    accountUuid: app.account_uuid ?? null,
    planUuids: body.plan_uuids,
    reason: optOut?.reason ?? null,
    label: optOut?.label ?? null,
  };
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
    const query = parseQuery('listAppOptOutReasons', c);
    return c.json(optOutReasons(query.locale ?? 'en'));
  });

  app.get('/v1/account/enroll/opt-out/reasons', (c) => {
    const query = parseQuery('listOptOutReasons', c);
    return c.json(optOutReasons(query.locale ?? tokenAccount(c).locale));
  });
}
