/**
 * What each enrollment step does to an account once its request has passed every check, at a given instant. The
 * routes call these with the sandbox's now; the account presets (presets.ts) call them with instants in the past,
 * so a preset account has gone through exactly what a customer's account goes through, only earlier.
 */
import { randomUUID } from 'node:crypto';
import type { ProcessorPaymentMethod } from '../adapters/processor.js';
import { toResult, type Premise } from '../data/addresses.js';
import { creditOutcomeFor } from '../data/triggers.js';
import type { Store } from '../store/store.js';
import type { AccountRecord, LocationRecord, PlanRecord } from '../store/types.js';
import { addDays, contractEndDate, localDate } from '../time.js';
import type { Progress } from './pipeline.js';

/** A client agent's start date is 7 to 30 days from the acceptance (the customer can opt out before service starts). */
export const CLIENT_AGENT_MIN_DAYS = 7;
export const CLIENT_AGENT_MAX_DAYS = 30;

const IDENTITY_FIELDS = ['email', 'first_name', 'last_name', 'phone', 'date_of_birth'] as const;
export type IdentityFields = Partial<Record<(typeof IDENTITY_FIELDS)[number], string>>;

/** Applies identity fields and reports whether any of them changed (for the identity_updated webhook). */
export function applyIdentity(account: AccountRecord, fields: IdentityFields): boolean {
  let changed = false;
  for (const key of IDENTITY_FIELDS) {
    const value = fields[key];
    if (value !== undefined && value !== account[key]) {
      account[key] = value;
      changed = true;
    }
  }
  return changed;
}

/**
 * An enrollment action ends a status forced by the sandbox's status control (the status follows the steps again),
 * except a cancellation: a cancelled account stays cancelled, whatever it updates, until the control says otherwise.
 */
export function endForcedStatus(account: AccountRecord): void {
  if (account.forced?.status !== 'cancelled') account.forced = null;
}

export interface Acceptance {
  premise: Premise;
  startDate: string;
  acceptedBy: 'customer' | 'client_agent';
}

/** plans/accept: the ESI ID's location with a contract on the quoted plan; an earlier contract becomes historical. */
export function acceptPlan(store: Store, account: AccountRecord, quote: PlanRecord, a: Acceptance, at: number): LocationRecord {
  const esiId = a.premise.esi_id;
  const sameMeter = account.location?.esiId === esiId ? account.location : null;
  let loaDocumentId: string | null = null;
  if (a.acceptedBy === 'client_agent') {
    // Rule 5 of plan acceptance: a Letter of Authorization is generated for the customer.
    loaDocumentId = randomUUID();
    store.documents.set(loaDocumentId, {
      id: loaDocumentId,
      type: 'loa',
      accountUuid: account.uuid,
      planUuid: quote.plan.uuid,
      locale: account.locale,
      version: '1',
      effectiveDate: localDate(at),
      createdAt: at,
    });
  }
  if (account.location) account.pastContracts.push(account.location.contract);
  const location: LocationRecord = {
    uuid: sameMeter?.uuid ?? randomUUID(),
    esiId,
    address: toResult(a.premise),
    utility: a.premise.utility,
    trigger: a.premise.trigger,
    contract: {
      uuid: randomUUID(),
      plan: quote.plan,
      startDate: a.startDate,
      endDate: contractEndDate(a.startDate, quote.plan.term_months),
      acceptedAt: at,
      acceptedBy: a.acceptedBy,
      loaDocumentId,
    },
  };
  account.location = location;
  account.serviceAddress = toResult(a.premise);
  account.clientAgentEnrollment = a.acceptedBy === 'client_agent';
  endForcedStatus(account);
  account.counters.plans_accepted += 1;
  const data = { location_uuid: location.uuid, plan_uuid: quote.plan.uuid, esi_id: esiId, start_date: a.startDate, accepted_by: a.acceptedBy };
  store.emit(account, 'enrollment.plan_accepted', data);
  store.recordService('plan_accepted', account.uuid, data, at);
  return location;
}

/** PATCH enroll/identity (and the App's PATCH when it changes identity fields). */
export function recordIdentity(store: Store, account: AccountRecord, fields: IdentityFields): void {
  applyIdentity(account, fields);
  endForcedStatus(account);
  account.counters.identity_updates += 1;
  store.emit(account, 'enrollment.identity_updated');
}

/** enroll/credit-check: only the outcome the sandbox trigger decides is kept; the SSN goes no further than here. */
export function recordCreditCheck(account: AccountRecord, ssnDigits: string, at: number): void {
  account.credit = { outcome: creditOutcomeFor(ssnDigits), submittedAt: at };
  endForcedStatus(account);
  account.counters.credit_checks += 1;
}

/**
 * ensure-payment-method-added: the processor's payment method becomes the account's card, replacing any other. It
 * ensures: the card already on file (a retried call) is not added again, so no second account.payment_method_added.
 */
export function syncPaymentMethod(store: Store, account: AccountRecord, method: ProcessorPaymentMethod, at: number): void {
  endForcedStatus(account);
  account.counters.payment_methods_synced += 1;
  if (account.card?.paymentMethodId === method.id) return;
  account.card = {
    paymentMethodId: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    postalCode: method.billing_details.postal_code || null,
    addedAt: at,
  };
  // A replaced card leaves no gap: auto-pay could charge one or the other all along.
  if (!account.paymentMethodPeriods.some((p) => p.to === null)) account.paymentMethodPeriods.push({ from: at, to: null });
  store.emit(account, 'account.payment_method_added', { card_brand: method.card.brand, card_last4: method.card.last4 });
}

/** sandbox/remove-payment-method: no card on file from `at`, so auto-pay runs from then on fail. */
export function removePaymentMethod(account: AccountRecord, at: number): void {
  account.card = null;
  for (const p of account.paymentMethodPeriods) if (p.to === null) p.to = at;
}

/**
 * The start date the contract has once finalized at `at`: its own while that day is still ahead; once it has come
 * (accepted, then finished days later), the earliest day an acceptance could choose at `at` (tomorrow; 7 days ahead
 * for a client agent; never before the plan's earliest start date), so that no contract starts before it was
 * submitted. Null when that day is past the plan's latest start date: the plan can no longer start in its window.
 */
export function startDateAtFinalize(account: AccountRecord, at: number): string | null {
  const contract = account.location!.contract;
  const today = localDate(at);
  if (contract.startDate > today) return contract.startDate;
  const soonest = addDays(today, account.clientAgentEnrollment ? CLIENT_AGENT_MIN_DAYS : 1);
  const date = [contract.plan.earliest_start_date, soonest].sort().at(-1)!;
  return date <= contract.plan.latest_start_date ? date : null;
}

/**
 * enroll/finalize once its prerequisites hold (startDateAtFinalize not null among them): the contract's start date
 * moves if its day has come, the enrollment enters review and the pipeline starts.
 */
export function finalizeEnrollment(store: Store, progress: Progress, account: AccountRecord, at: number): void {
  const contract = account.location!.contract;
  const startDate = startDateAtFinalize(account, at);
  if (startDate === null) throw new RangeError('The plan can no longer start in its window: finalize must refuse');
  if (startDate !== contract.startDate) {
    contract.startDate = startDate;
    contract.endDate = contractEndDate(startDate, contract.plan.term_months);
  }
  account.finalizedAt = at;
  endForcedStatus(account);
  progress.start(account, at);
  account.counters.finalize_succeeded += 1;
  const data = { location_uuid: account.location!.uuid, finalized_at: new Date(at).toISOString() };
  store.emit(account, 'enrollment.finalized', data);
  store.recordService('enrollment_finalized', account.uuid, data, at);
}
