/**
 * Renewal of a location's contract (docs/api-decisions.md, "Renewal"): who may renew and when, the priced offers,
 * acceptance, and the day the queued contract takes over.
 *
 * - Eligible: an account whose status is `active`, with no renewal queued yet, from RENEWAL_WINDOW_DAYS (60) days
 *   before its contract's end date; a contract past its end (the customer rolled onto month-to-month) stays eligible.
 *   Texas fixed-rate rules have the provider send its expiry notices in the last third of the term, the last one at
 *   least 30 days before the end: 60 days covers that last notice for every term the sandbox sells.
 * - Offers are the location's utility's plans, priced like enrollment plans (same Plan, same EFL/TOS/YRAC, valid 5
 *   business days), whose start date follows the current contract: the day after its end date, or, for a
 *   month-to-month customer, tomorrow to 30 days out. They are kept while valid, so reading them twice shows the
 *   same plans.
 * - Accepting queues the new contract (`queuedContract`): its documents are listed as queued until it starts, and
 *   on its start date (state promoted on every clock move and request, as the pipeline) it becomes the contract.
 * - A queued renewal is final here: another acceptance is refused (`already_renewed`) rather than replacing it, as
 *   the customer has accepted its terms; changing it is a conversation with support, not a second click.
 *
 * `queueRenewal` does what the renewal flow does in one call, for sandbox presets and tests that need an account
 * with a renewal queued.
 */
import { randomUUID } from 'node:crypto';
import type { Plan } from '../../../src/api/types.js';
import { ApiError, type FieldIssue } from '../http/errors.js';
import { quotePlans } from '../routes/plan-quotes.js';
import type { Deps } from '../routes/deps.js';
import type { AccountRecord, ContractRecord, LocationRecord } from '../store/types.js';
import { addDays, contractEndDate } from '../time.js';
import { statusOf } from './status.js';

/** How many days before the current contract's end date renewal offers open. */
export const RENEWAL_WINDOW_DAYS = 60;
/** How far out a month-to-month customer may start a renewal (as an enrollment's start window). */
const MONTH_TO_MONTH_LATEST_DAYS = 30;

export type RenewalEligibility = 'eligible' | 'not_active' | 'not_yet_eligible' | 'already_renewed';

/** The first day renewal offers are available for a contract. */
/** 60 days before the contract's end: its term's, or the day its service ended (the `end_date` the Location shows). */
export function renewalOpensOn(contract: ContractRecord, endDate: string = contract.endDate): string {
  return addDays(endDate, -RENEWAL_WINDOW_DAYS);
}

export function renewalEligibility(a: AccountRecord, today: string): RenewalEligibility {
  const location = a.location;
  if (!location || statusOf(a).status !== 'active') return 'not_active';
  if (location.queuedContract) return 'already_renewed';
  if (today < renewalOpensOn(location.contract)) return 'not_yet_eligible';
  return 'eligible';
}

/** Why the account may not renew, as the field issue of the 422 (null when it may). */
export function eligibilityIssue(a: AccountRecord, today: string): FieldIssue | null {
  switch (renewalEligibility(a, today)) {
    case 'eligible':
      return null;
    case 'not_active':
      return { field: 'status', code: 'not_active', message: 'Only an account with active service can renew its contract' };
    case 'already_renewed': {
      const queued = a.location!.queuedContract!;
      return { field: 'queued_contract', code: 'already_renewed', message: `A renewal (${queued.plan.name}) is already queued to start on ${queued.startDate}` };
    }
    case 'not_yet_eligible': {
      const contract = a.location!.contract;
      return {
        field: 'contract.end_date',
        code: 'not_yet_eligible',
        message: `Renewal opens on ${renewalOpensOn(contract)}, ${RENEWAL_WINDOW_DAYS} days before the contract ends on ${contract.endDate}`,
      };
    }
  }
}

function refuse(issues: FieldIssue[]): never {
  throw new ApiError(422, 'unprocessable', issues.map((i) => i.message).join('; '), issues);
}

/** The start dates a renewal may have: the day after the contract's end, or (month-to-month) tomorrow to 30 days out. */
export function renewalStartWindow(contract: ContractRecord, today: string): { earliest: string; latest: string } {
  const tomorrow = addDays(today, 1);
  const next = addDays(contract.endDate, 1);
  if (next >= tomorrow) return { earliest: next, latest: next };
  return { earliest: tomorrow, latest: addDays(today, MONTH_TO_MONTH_LATEST_DAYS) };
}

/** The priced renewal offers of the account's location: the ones still valid, or newly priced ones. 422 when not eligible. */
export function renewalOffers(deps: Deps, a: AccountRecord): Plan[] {
  const { store, clock } = deps;
  const today = clock.today();
  const issue = eligibilityIssue(a, today);
  if (issue) refuse([issue]);
  const location = a.location!;
  const window = renewalStartWindow(location.contract, today);
  const now = clock.nowMs();
  const kept = [...store.plans.values()].filter(
    (q) =>
      q.accountUuid === a.uuid &&
      q.renewal?.locationUuid === location.uuid &&
      q.renewal.contractUuid === location.contract.uuid &&
      q.expiresAt > now &&
      q.plan.earliest_start_date === window.earliest,
  );
  if (kept.length > 0) return kept.map((q) => q.plan);
  return quotePlans(deps, {
    utility: location.utility,
    esiId: location.esiId,
    account: a,
    custom: store.customRates.get(a.uuid) ?? null,
    renewal: { locationUuid: location.uuid, contractUuid: location.contract.uuid, ...window },
  });
}

export interface RenewalAcceptance {
  planUuid: string;
  termsAccepted: boolean;
  /** Defaults to the offer's earliest start date (the day after the current contract ends). */
  startDate?: string | undefined;
}

/**
 * Accepts a renewal offer: the new contract is queued after the current one. 404 for a plan that was not offered
 * for this location; one 422 naming every broken rule (eligibility, terms, expired offer, start date).
 */
export function acceptRenewal(deps: Deps, a: AccountRecord, input: RenewalAcceptance): ContractRecord {
  const { store, clock } = deps;
  const location = a.location!;
  const quote = store.plans.get(input.planUuid);
  if (!quote || quote.accountUuid !== a.uuid || quote.renewal?.locationUuid !== location.uuid) {
    throw new ApiError(404, 'not_found', `No renewal plan ${input.planUuid} was offered for this location`);
  }
  const today = clock.today();
  const now = clock.nowMs();
  const problems: FieldIssue[] = [];
  const issue = eligibilityIssue(a, today);
  if (issue) problems.push(issue);
  if (!input.termsAccepted) problems.push({ field: 'terms_accepted', code: 'must_be_true', message: 'terms_accepted must be true' });
  if (quote.renewal.contractUuid !== location.contract.uuid) {
    problems.push({ field: 'plan_uuid', code: 'range', message: 'This plan was offered to renew an earlier contract; request renewal plans again' });
  } else if (quote.expiresAt <= now) {
    problems.push({ field: 'plan_uuid', code: 'range', message: `The plan expired at ${new Date(quote.expiresAt).toISOString()}; request renewal plans again` });
  }
  const startDate = input.startDate ?? quote.plan.earliest_start_date;
  // Never in the past, whatever the offer said when it was priced.
  const earliest = [quote.plan.earliest_start_date, addDays(today, 1)].sort().at(-1)!;
  const latest = quote.plan.latest_start_date;
  if (startDate < earliest || startDate > latest) {
    const allowed = earliest === latest ? `must be ${earliest}` : `must be between ${earliest} and ${latest}`;
    problems.push({ field: 'start_date', code: 'range', message: earliest > latest ? 'The plan can no longer start in time; request renewal plans again' : `start_date ${allowed}` });
  }
  if (problems.length) refuse(problems);

  const queued: ContractRecord = {
    uuid: randomUUID(),
    plan: quote.plan,
    startDate,
    endDate: contractEndDate(startDate, quote.plan.term_months),
    acceptedAt: now,
    acceptedBy: 'customer',
    loaDocumentId: null,
  };
  location.queuedContract = queued;
  // Priced before the start date was chosen, the offer's EFL, TOS and YRAC (its own, no other offer's) were dated from
  // the window's first day; accepted, they take effect on the queued contract's start date, as the done screen says.
  for (const id of Object.values(quote.documentIds)) {
    const document = store.documents.get(id);
    if (document) document.effectiveDate = startDate;
  }
  store.recordService('renewal_accepted', a.uuid, { location_uuid: location.uuid, plan_uuid: quote.plan.uuid, start_date: startDate });
  return queued;
}

/** On its start date a queued renewal becomes the location's contract; the one it follows becomes historical. */
export function startDueRenewal(a: AccountRecord, today: string): void {
  const location: LocationRecord | null = a.location;
  const queued = location?.queuedContract;
  if (!location || !queued || queued.startDate > today) return;
  a.pastContracts.push(location.contract);
  location.contract = queued;
  location.queuedContract = null;
}

export interface QueueRenewalOptions {
  /** The offer with this term (default: the first offer, Lone Star Saver 6). */
  termMonths?: number;
  startDate?: string;
}

/**
 * Queues a renewal for an account as the renewal flow would (offers, then acceptance with the terms accepted), for
 * sandbox presets and tests. The account must be eligible: active, within RENEWAL_WINDOW_DAYS of its contract's end
 * (or past it), nothing queued yet; otherwise the 422 the API gives is thrown.
 */
export function queueRenewal(deps: Deps, a: AccountRecord, options: QueueRenewalOptions = {}): ContractRecord {
  if (!a.location) refuse([{ field: 'status', code: 'not_active', message: 'The account has no location to renew' }]);
  const offers = renewalOffers(deps, a);
  const plan = options.termMonths === undefined ? offers[0] : offers.find((p) => p.term_months === options.termMonths);
  if (!plan) throw new RangeError(`No renewal offer has a term of ${options.termMonths} months`);
  return acceptRenewal(deps, a, { planUuid: plan.uuid, termsAccepted: true, startDate: options.startDate });
}
