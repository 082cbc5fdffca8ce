/** Account-token enrollment: address searches, plan requests and plan acceptance. */
import type { Hono } from 'hono';
import { toResult, toUtilityStyleResult } from '../data/addresses.js';
import { fullAddressSearch, typeAheadSearch } from '../data/address-search.js';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { ApiError, fail, type FieldIssue } from '../http/errors.js';
import { checkBody, parseBody } from '../http/contract.js';
import { isClientAgentAccount } from '../state/status.js';
import { acceptPlan, CLIENT_AGENT_MAX_DAYS, CLIENT_AGENT_MIN_DAYS } from '../state/enrollment.js';
import type { AccountRecord, PlanRecord } from '../store/types.js';
import { addDays, localDate } from '../time.js';
import { accountJson, tokenAccount, type Deps } from './deps.js';
import { quoteForAccountEsiId, requirePremise } from './plan-quotes.js';

export function registerAccountEnrollRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock } = deps;

  app.post('/v1/account/enroll/full-address-search', async (c) => {
    const body = parseBody('fullAddressSearch', await readJson(c));
    return c.json(fullAddressSearch(body).map(toResult));
  });

  app.post('/v1/account/enroll/address-search', async (c) => {
    const body = parseBody('addressSearch', await readJson(c));
    return c.json(typeAheadSearch(body.query, body.postal_code).map(toUtilityStyleResult));
  });

  app.post('/v1/account/enroll/esi-id-search', async (c) => {
    const body = parseBody('esiIdSearch', await readJson(c));
    return c.json(toResult(requirePremise(body.esi_id)));
  });

  app.post('/v1/account/enroll/plans/request', async (c) => {
    const account = tokenAccount(c);
    const body = parseBody('requestPlans', await readJson(c));
    return c.json(quoteForAccountEsiId(deps, account, body.esi_id));
  });

  app.post('/v1/account/enroll/plans/accept', async (c) => {
    const account = tokenAccount(c);
    const raw = await readJson(c);
    const issues: FieldIssue[] = [];
    const body = checkBody('acceptPlan', raw, issues);
    // Judged on the raw body, so the start date is named even when other fields are bad too.
    const given = (key: string) => typeof raw === 'object' && raw !== null && (raw as Record<string, unknown>)[key] != null;
    if (!given('start_date') && !given('service_start_date')) {
      issues.push({ field: 'start_date', code: 'required', message: 'start_date (or service_start_date) is required' });
    }
    if (given('start_date') && given('service_start_date')) {
      issues.push({ field: 'service_start_date', code: 'unknown_field', message: 'Send start_date or service_start_date, not both' });
    }
    if (!body || issues.length) throw fail.invalid(issues);
    const dateField = body.start_date ? 'start_date' : 'service_start_date';
    const startDate = (body.start_date ?? body.service_start_date)!;

    const quote = store.plans.get(body.plan_uuid);
    // A renewal offer renews a contract (POST …/renewal/accept); it was never quoted for an enrollment.
    if (!quote || quote.renewal || (quote.accountUuid !== null && quote.accountUuid !== account.uuid)) {
      throw fail.notFound(`No plan ${body.plan_uuid} was quoted for this account`);
    }
    const premise = requirePremise(body.esi_id);
    const acceptedBy = body.accepted_by ?? 'customer';
    const rules = acceptanceProblems(account, quote, { esiId: body.esi_id, utility: premise.utility, startDate, dateField, acceptedBy, termsAccepted: body.terms_accepted }, clock.nowMs());
    if (rules.length) throw new ApiError(422, 'unprocessable', rules.map((r) => r.message).join('; '), rules);

    acceptPlan(store, account, quote, { premise, startDate, acceptedBy }, clock.nowMs());
    return accountJson(c, deps, account);
  });
}

export interface AcceptanceRequest {
  esiId: string;
  utility: string;
  startDate: string;
  dateField: string;
  acceptedBy: 'customer' | 'client_agent';
  termsAccepted: boolean;
}

/** Every business rule an acceptance at `at` breaks, so one 422 names them all. */
export function acceptanceProblems(account: AccountRecord, quote: PlanRecord, a: AcceptanceRequest, at: number): FieldIssue[] {
  const problems: FieldIssue[] = [];
  const today = localDate(at);
  const status = account.forced?.status;
  if (status === 'cancelled') problems.push({ field: 'status', code: 'range', message: 'The account is cancelled' });
  if (account.finalizedAt !== null) {
    problems.push({ field: 'enrollment.is_enrollment_finalized', code: 'range', message: 'The enrollment is finalized; its plan can no longer change' });
  }
  if (!a.termsAccepted) problems.push({ field: 'terms_accepted', code: 'must_be_true', message: 'terms_accepted must be true' });
  if (quote.expiresAt <= at) {
    problems.push({ field: 'plan_uuid', code: 'range', message: `The plan expired at ${new Date(quote.expiresAt).toISOString()}; request plans again` });
  }
  if (quote.esiId !== null ? quote.esiId !== a.esiId : quote.utility !== a.utility) {
    problems.push({ field: 'esi_id', code: 'range', message: 'esi_id is not the meter this plan was priced for' });
  }
  // The plan stays acceptable for days after it was priced; its start dates do not move with it, but a start date
  // is never today or in the past (tomorrow at the earliest, as when it was priced).
  const earliest = [quote.plan.earliest_start_date, addDays(today, 1)].sort().at(-1)!;
  const latest = quote.plan.latest_start_date;
  if (a.startDate < earliest || a.startDate > latest) {
    const message = earliest > latest ? 'The plan can no longer start in time; request plans again' : `${a.dateField} must be between ${earliest} and ${latest}`;
    problems.push({ field: a.dateField, code: 'range', message });
  }
  if (a.acceptedBy === 'client_agent') {
    if (!isClientAgentAccount(account)) {
      problems.push({ field: 'accepted_by', code: 'range', message: 'Power of attorney is not recorded: call record-client-agent first, or let the customer accept' });
    }
    const min = addDays(today, CLIENT_AGENT_MIN_DAYS);
    const max = addDays(today, CLIENT_AGENT_MAX_DAYS);
    if ((a.startDate < min || a.startDate > max) && !(a.startDate < earliest || a.startDate > latest)) {
      problems.push({ field: a.dateField, code: 'range', message: `A client agent start date must be between ${min} and ${max} (7 to 30 days from today)` });
    }
  }
  return problems;
}
