/**
 * The invoices of an account whose service started, from the invoice generator (../invoices.ts) fed with the rates
 * of the contract in force in each billing period and the same synthetic usage the usage endpoints serve, so a
 * bill's kWh match the usage pages. An auto-pay run fails when no payment method was on file at the time
 * (`paymentMethodPeriods`): its invoices stay unpaid, past due, until a later run finds one. Billing ends with the
 * service: a cancellation ends the billing period then running on its date, and that period's invoice is the last.
 *
 * Nothing is recomputed from scratch: each account keeps its billing schedule, extended as the clock moves, and the
 * kWh of each billing period once read. Numbers, dates and payments (all the webhooks need) cost no usage at all;
 * usage is read only for the invoices a response shows, so a clock moved by years costs its new periods, not the
 * whole history.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AUTO_PAY_RUN_MINUTES,
  autoPayRunAt,
  BillingSchedule,
  InvoiceHistory,
  invoiceStatus,
  type InvoiceRates,
  type InvoiceRecord,
} from '../invoices.js';
import type { Store } from '../store/store.js';
import type { AccountRecord, ContractRecord } from '../store/types.js';
import { importKwhBetween, type UsageProfile } from '../usage.js';
import { premiseByEsiId } from '../data/addresses.js';
import { localDate } from '../time.js';
import { documentLink } from './document-links.js';

export function invoiceDocumentId(store: Store, a: AccountRecord, number: string, today: string): string {
  const key = `${a.uuid}/${number}`;
  let id = store.invoiceDocuments.get(key);
  if (!id) {
    id = randomUUID();
    store.invoiceDocuments.set(key, id);
    store.documents.set(id, {
      id,
      type: 'invoice',
      accountUuid: a.uuid,
      invoiceNumber: number,
      locale: a.locale,
      version: '1',
      effectiveDate: today,
      createdAt: store.clock.nowMs(),
    });
  }
  return id;
}

/** What an account has computed of its invoices so far. */
interface Ledger {
  /** What the schedule and the kWh depend on; a change (another location, start or end) starts a new ledger. */
  key: string;
  schedule: BillingSchedule;
  profile: UsageProfile;
  /** Whole kWh billed per billing period (schedule index), read once. */
  kwh: Map<number, number>;
}

const ledgers = new WeakMap<AccountRecord, Ledger>();

/**
 * The last day of service once it has ended: the day the account was cancelled (service ran that day). Null while
 * service goes on. Undoing the cancellation (the status control setting another status) clears it.
 */
export function lastDayOfService(a: AccountRecord): string | null {
  if (a.serviceActiveAt === null || a.cancelledAt === null) return null;
  const start = localDate(a.serviceActiveAt);
  const end = localDate(a.cancelledAt);
  return end < start ? start : end;
}

function ledgerOf(a: AccountRecord): Ledger | null {
  const location = a.location;
  if (!location || a.serviceActiveAt === null) return null;
  const serviceStart = localDate(a.serviceActiveAt);
  const lastDay = lastDayOfService(a);
  const key = `${serviceStart}|${lastDay ?? ''}|${location.esiId}`;
  let ledger = ledgers.get(a);
  if (!ledger || ledger.key !== key) {
    // Usage of a day depends on the location alone (seed, solar), not on the history window.
    const profile = { seed: location.esiId, historyStart: serviceStart, lastDay: serviceStart, solar: premiseByEsiId(location.esiId)?.solar ?? false };
    ledger = { key, schedule: new BillingSchedule(a.uuid, serviceStart, lastDay), profile, kwh: new Map() };
    ledgers.set(a, ledger);
  }
  return ledger;
}

/**
 * The contract a day of service is billed under. The acceptances before finalization replaced one another, so only
 * the last of them (the enrollment's contract) ever ran; after it, each renewal runs from its start date (a queued
 * one too, so pricing never waits for its promotion). A day before the enrollment contract's start (service
 * activated early by the sandbox's advance control) is billed under that contract.
 */
export function contractOn(a: AccountRecord, day: string): ContractRecord {
  const location = a.location!;
  const contracts = [...a.pastContracts, location.contract, ...(location.queuedContract ? [location.queuedContract] : [])];
  const finalizedAt = a.finalizedAt ?? Number.POSITIVE_INFINITY;
  const enrollment = Math.max(0, contracts.findLastIndex((c) => c.acceptedAt <= finalizedAt));
  const ran = contracts.slice(enrollment);
  return ran.findLast((c) => c.startDate <= day) ?? ran[0]!;
}

function ratesOf(contract: ContractRecord): InvoiceRates {
  const plan = contract.plan;
  return {
    energy_rate_cents_per_kwh: plan.energy_rate_cents_per_kwh,
    base_charge_cents: plan.base_charge_cents,
    delivery: plan.delivery,
    utilityDisplayName: plan.delivery.utility.display_name,
  };
}

function kwhOf(ledger: Ledger, k: number): number {
  let kwh = ledger.kwh.get(k);
  if (kwh === undefined) {
    const period = ledger.schedule.period(k);
    kwh = Math.max(0, Math.round(importKwhBetween(period.start, period.end, ledger.profile)));
    ledger.kwh.set(k, kwh);
  }
  return kwh;
}

/** Whether a payment method was on file at an instant (what an auto-pay run then could charge). */
export function hadPaymentMethodAt(a: AccountRecord, at: number): boolean {
  return a.paymentMethodPeriods.some((p) => p.from <= at && (p.to === null || at < p.to));
}

/**
 * The account's invoices as read at `now` (null before service starts): those issued on or before its date, paid as
 * far as auto-pay has charged them by that instant, priced only when read. Each billing period is priced with the
 * contract in force on its first day, so a renewal changes the periods that start after it, never an issued invoice.
 */
export function invoiceHistoryOf(store: Store, a: AccountRecord, now: number, publicUrl: string): InvoiceHistory | null {
  const ledger = ledgerOf(a);
  if (!ledger) return null;
  const today = localDate(now);
  return new InvoiceHistory(ledger.schedule, {
    seed: a.uuid,
    accountUuid: a.uuid,
    today,
    now,
    ratesOf: (k) => ratesOf(contractOn(a, ledger.schedule.period(k).start)),
    kwhOf: (k) => kwhOf(ledger, k),
    pdfUrl: (number) => documentLink(publicUrl, invoiceDocumentId(store, a, number, today), 'invoice', now),
    canCharge: (runDate) => hadPaymentMethodAt(a, autoPayRunAt(runDate)),
  });
}

/**
 * Reads the usage the invoices at positions from..to (exclusive) bill, one billing period per turn of the event
 * loop, so that a page after a long clock move never holds the server for more than one period (about a month of
 * 15-minute usage, around a millisecond). Periods already read cost nothing.
 */
export async function meterInvoices(a: AccountRecord, history: InvoiceHistory, from: number, to: number): Promise<void> {
  const ledger = ledgers.get(a);
  if (!ledger) return;
  for (const k of history.periodsOf(from, to)) {
    // Between turns another request may have given the account another location: its invoices start over.
    if (ledgers.get(a) !== ledger) return;
    if (ledger.kwh.has(k)) continue;
    kwhOf(ledger, k);
    await nextTurn();
  }
}

/** The invoice numbered `number` as read at `now`, priced, or undefined. */
export function invoiceOf(store: Store, a: AccountRecord, number: string, now: number, publicUrl: string): InvoiceRecord | undefined {
  const history = invoiceHistoryOf(store, a, now, publicUrl);
  const index = history ? history.indexOf(number) : -1;
  return index >= 0 ? history!.record(index) : undefined;
}

/**
 * How much invoice work an account has done: billing periods scheduled and billing periods whose usage was read.
 * Both only grow with new periods (tests check that a clock move costs its new periods, not the history).
 */
export function invoiceWork(a: AccountRecord): { periodsScheduled: number; periodsMetered: number } {
  const ledger = ledgers.get(a);
  return { periodsScheduled: ledger?.schedule.computed ?? 0, periodsMetered: ledger?.kwh.size ?? 0 };
}

/**
 * Emits the billing webhooks for what happened since the last look: a statement sent for each new invoice, and
 * each auto-pay that succeeded or failed. Run when the clock moves, since invoices only appear with time. It reads
 * numbers, dates and payments only, never usage.
 */
export function emitInvoiceEvents(store: Store, a: AccountRecord, now: number, publicUrl: string): void {
  const seen = a.invoiceEvents;
  // Invoices change with the date, payments during the hour of the day's auto-pay run: a clock move within the
  // same part of a day (before the run, after its hour) needs no recomputation; one during the run always looks.
  const today = localDate(now);
  const run = autoPayRunAt(today);
  const part = now < run ? 'before' : now >= run + AUTO_PAY_RUN_MINUTES * 60_000 ? 'after' : null;
  const checked = part && `${today} ${part}`;
  if (a.serviceActiveAt === null || (checked !== null && seen.checkedOn === checked)) return;
  seen.checkedOn = checked;
  const history = invoiceHistoryOf(store, a, now, publicUrl);
  if (!history) return;
  const sent = new Set(seen.sent);
  const paid = new Set(seen.paid);
  const failed = new Set(seen.failed);
  for (let i = history.length - 1; i >= 0; i--) {
    const invoice = history.entry(i);
    const data = { location_uuid: a.location!.uuid, invoice_number: invoice.number };
    if (!sent.has(invoice.number)) {
      sent.add(invoice.number);
      seen.sent.push(invoice.number);
      store.emit(a, 'account.invoice_sent', data);
    }
    const status = invoiceStatus(
      { paid_at: invoice.paid_on, voided_at: invoice.voided_on, payment_due_date: invoice.payment_due_date },
      today,
    );
    if (status === 'paid' && !paid.has(invoice.number)) {
      paid.add(invoice.number);
      seen.paid.push(invoice.number);
      store.emit(a, 'account.payment_successful', data);
    }
    if (status === 'past_due' && !failed.has(invoice.number)) {
      failed.add(invoice.number);
      seen.failed.push(invoice.number);
      store.emit(a, 'account.payment_failed', data);
    }
  }
}
