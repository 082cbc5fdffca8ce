/**
 * Deterministic invoice history for a sandbox account: one invoice per billing period since service started,
 * priced from the plan's rates and the location's usage, with the Texas bill lines (energy, REP base charge, TDU
 * delivery passed through, PUC assessment, gross receipts reimbursement; residential electricity carries no state
 * sales tax). All money is integer cents; decimal strings are derived from the cents, never the other way round.
 */

import { hash } from './random.js';
import { addDays, addMonths, localToInstant } from './time.js';

export type ChargeGroupKey = 'energy' | 'delivery' | 'taxes_fees';
export type InvoiceStatus = 'paid' | 'voided' | 'due' | 'past_due';

export interface InvoiceCharge {
  category: ChargeGroupKey;
  type:
    | 'energy_charge'
    | 'base_charge'
    | 'tdu_customer_charge'
    | 'tdu_delivery_charge'
    | 'puc_assessment'
    | 'gross_receipts_reimbursement';
  description: string;
  /** Part of the base the PUC assessment and the gross receipts reimbursement are computed on. */
  taxable: boolean;
  quantity_text: string;
  rate_text: string;
  amount_cents: number;
  amount: string;
}

export interface ChargeGroup {
  key: ChargeGroupKey;
  name: string;
  total_cents: number;
  total: string;
  charges: InvoiceCharge[];
}

export interface InvoiceListItem {
  number: string;
  invoice_date: string;
  payment_due_date: string;
  billing_period_start: string;
  billing_period_end: string;
  total_cents: number;
  total: string;
  total_kwh: string;
  avg_cents_per_kwh: string;
  pdf: string;
  paid_at: string | null;
  voided_at: string | null;
  status: InvoiceStatus;
}

export interface InvoiceDetail extends InvoiceListItem {
  charge_groups: ChargeGroup[];
}

/** What the sandbox keeps: the detail without the derived status, plus the links between a voided invoice and its reissue. */
export interface InvoiceRecord extends Omit<InvoiceDetail, 'status'> {
  account_uuid: string;
  /** The voided invoice this one reissues. */
  replaces: string | null;
  /** The invoice that reissued this voided one. */
  replaced_by: string | null;
}

/** What a billing period is priced with: the rates of the contract in force (a plan's fields fit as they are). */
export interface InvoiceRates {
  energy_rate_cents_per_kwh: string;
  base_charge_cents: number;
  /** A plan's `delivery` object fits as is. */
  delivery: { monthly_charge_cents: number; rate_cents_per_kwh: string };
  utilityDisplayName: string;
}

export interface InvoiceHistoryInput extends InvoiceRates {
  seed: string;
  accountUuid: string;
  /** First day of service (YYYY-MM-DD); the first billing period starts here. */
  serviceStart: string;
  /** Last day of service (YYYY-MM-DD), once it has ended: the final billing period ends there. */
  lastDay?: string | null;
  /** The sandbox clock's date (YYYY-MM-DD); only invoices issued on or before it exist. */
  today: string;
  /**
   * The instant the history is read at, on `today` (by default its first instant): an auto-pay payment shows from
   * its own instant (`paid_at`) on, never before.
   */
  now?: number;
  /** Grid kWh used over the whole days periodStart..periodEnd, so invoices agree with the usage endpoints. */
  kwhFor: (periodStart: string, periodEnd: string) => number;
  pdfUrl: (invoiceNumber: string) => string;
  /**
   * Whether the auto-pay run of a day (at AUTO_PAY_HOUR_UTC) found a payment method it could charge; by default
   * always. A failed run leaves its invoices unpaid (past due) until a later run succeeds.
   */
  canCharge?: (runDate: string) => boolean;
}

/** Auto-pay charges the saved payment method this many days after the invoice is generated. */
export const AUTO_PAY_DELAY_DAYS = 16;
/** Auto-pay runs early on the due date: 14:00 UTC, 08:00 or 09:00 in Texas. */
export const AUTO_PAY_HOUR_UTC = 14;
/** A run charges its invoices one by one within this many minutes of its start (each at its own minute). */
export const AUTO_PAY_RUN_MINUTES = 60;
/** PUC assessment: 1/6 of 1 % of charges, in parts per million. */
const PUC_ASSESSMENT_PPM = 1667;
/** Gross receipts reimbursement for a city of 10,000 or more people: 1.997 %, in parts per million. */
const GROSS_RECEIPTS_PPM = 19_970;

// ---------- small helpers ----------

const dateMs = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));



/** Integer cents as a decimal string: 12345 → "123.45". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal string of cents per kWh as integer millionths of a cent, so prices multiply without float drift. */
function rateMicroCents(rate: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new TypeError(`not a decimal rate: ${rate}`);
  const fraction = (match[2] ?? '').padEnd(7, '0');
  return Number(match[1]) * 1_000_000 + Math.round(Number(fraction.slice(0, 7)) / 10);
}

/** Rounds half up a non-negative ratio of integers. */
const roundDiv = (numerator: number, denominator: number): number => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** A rate string for display with at least four decimals: "12.4" → "12.4000". */
function rateText(rate: string): string {
  const [whole, fraction = ''] = rate.trim().split('.');
  return `${whole}.${fraction.padEnd(4, '0')}`;
}

const kwhText = (kwh: number): string => `${kwh.toLocaleString('en-US')} kWh`;
const percentText = (ppm: number): string => `${String(ppm / 10_000)}%`;

function charge(
  category: ChargeGroupKey,
  type: InvoiceCharge['type'],
  description: string,
  taxable: boolean,
  quantity_text: string,
  rate_text: string,
  amount_cents: number,
): InvoiceCharge {
  return { category, type, description, taxable, quantity_text, rate_text, amount_cents, amount: centsToDecimal(amount_cents) };
}

function group(key: ChargeGroupKey, name: string, charges: InvoiceCharge[]): ChargeGroup {
  const total_cents = charges.reduce((acc, c) => acc + c.amount_cents, 0);
  return { key, name, total_cents, total: centsToDecimal(total_cents), charges };
}

/** The charge groups of one billing period: energy, delivery, then the taxes and fees computed on both. */
export function priceInvoice(kwh: number, rates: InvoiceRates): ChargeGroup[] {
  const energyRate = rateMicroCents(rates.energy_rate_cents_per_kwh);
  const tduRate = rateMicroCents(rates.delivery.rate_cents_per_kwh);
  const energy = group('energy', 'Energy charges', [
    charge('energy', 'energy_charge', 'Energy charge', true, kwhText(kwh),
      `${rateText(rates.energy_rate_cents_per_kwh)}¢/kWh`, roundDiv(kwh * energyRate, 1_000_000)),
    charge('energy', 'base_charge', 'Base charge', true, '1 billing period',
      `$${centsToDecimal(rates.base_charge_cents)}/mo`, rates.base_charge_cents),
  ]);
  const utility = rates.utilityDisplayName;
  const delivery = group('delivery', `${utility} delivery charges`, [
    charge('delivery', 'tdu_customer_charge', `${utility} customer and metering charge`, true, '1 billing period',
      `$${centsToDecimal(rates.delivery.monthly_charge_cents)}/mo`, rates.delivery.monthly_charge_cents),
    charge('delivery', 'tdu_delivery_charge', `${utility} delivery charge`, true, kwhText(kwh),
      `${rateText(rates.delivery.rate_cents_per_kwh)}¢/kWh`, roundDiv(kwh * tduRate, 1_000_000)),
  ]);
  const base = energy.total_cents + delivery.total_cents;
  const baseText = `$${centsToDecimal(base)}`;
  const taxes = group('taxes_fees', 'Taxes and fees', [
    charge('taxes_fees', 'puc_assessment', 'PUC assessment', false, baseText,
      percentText(PUC_ASSESSMENT_PPM), roundDiv(base * PUC_ASSESSMENT_PPM, 1_000_000)),
    charge('taxes_fees', 'gross_receipts_reimbursement', 'Gross receipts tax reimbursement', false, baseText,
      percentText(GROSS_RECEIPTS_PPM), roundDiv(base * GROSS_RECEIPTS_PPM, 1_000_000)),
  ]);
  return [energy, delivery, taxes];
}

// ---------- the history ----------

/** One billing period and the day its invoice is issued. */
export interface ScheduledPeriod {
  start: string;
  end: string;
  invoice_date: string;
  /** The last period: service ended on its `end` (its invoice is the final one). */
  final: boolean;
}

/**
 * The billing periods of an account, computed once and extended as the clock moves. Period k depends only on the
 * seed, the service start and k (meter reads fall near the service start's day of month, a day either way; the
 * invoice follows one or two days after the period), so a later "today" only appends periods. Once service has
 * ended (`lastDay`), the period running then ends on that day and is the last one.
 */
export class BillingSchedule {
  readonly #seed: string;
  readonly #serviceStart: string;
  readonly #lastDay: string | null;
  readonly #periods: ScheduledPeriod[] = [];
  #nextStart: string;

  constructor(seed: string, serviceStart: string, lastDay: string | null = null) {
    if (lastDay !== null && lastDay < serviceStart) throw new RangeError(`service cannot end (${lastDay}) before it starts (${serviceStart})`);
    this.#seed = seed;
    this.#serviceStart = serviceStart;
    this.#lastDay = lastDay;
    this.#nextStart = serviceStart;
  }

  /** Periods computed so far: every invoiced one plus at most one ahead (a work counter for tests). */
  get computed(): number {
    return this.#periods.length;
  }

  /** Index of the final period once it is scheduled; null while service goes on (or its end is not reached yet). */
  get finalPeriod(): number | null {
    return this.#periods.at(-1)?.final ? this.#periods.length - 1 : null;
  }

  period(k: number): ScheduledPeriod {
    const period = this.#periods[k];
    if (!period) throw new RangeError(`billing period ${k} has not been scheduled`);
    return period;
  }

  /** How many invoices are issued on or before `today`; extends the schedule only as far as that needs. */
  issuedBy(today: string): number {
    while (this.finalPeriod === null && (this.#periods.length === 0 || this.#periods.at(-1)!.invoice_date <= today)) this.#extend();
    // Invoice dates increase with k: the first period invoiced after today (if any) is found by bisection.
    let low = 0;
    let high = this.#periods.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.#periods[mid]!.invoice_date <= today) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  #extend(): void {
    const k = this.#periods.length;
    const jitter = (hash(`${this.#seed}:read:${k + 1}`) % 3) - 1;
    const next = addDays(addMonths(this.#serviceStart, k + 1), jitter);
    const final = this.#lastDay !== null && addDays(next, -1) >= this.#lastDay;
    const end = final ? this.#lastDay! : addDays(next, -1);
    const invoice_date = addDays(end, 1 + (hash(`${this.#seed}:issue:${k}`) % 2));
    this.#periods.push({ start: this.#nextStart, end, invoice_date, final });
    this.#nextStart = next;
  }
}

/** What an invoice is without its price: its place in the history, its number, dates and payment. */
export interface InvoiceEntry {
  number: string;
  /** The billing period it bills (an index into the schedule). */
  period: number;
  invoice_date: string;
  payment_due_date: string;
  /** The day the estimated original was voided (and reissued); null unless this is such an original, voided by today. */
  voided_on: string | null;
  /**
   * The day of the auto-pay run that paid it (its due date, or a later run that retried it); null while unpaid, that
   * is until the instant of its payment (`paid_at`, within the run's hour).
   */
  paid_on: string | null;
  /** The number of the voided invoice this one reissues. */
  replaces: string | null;
  /** The number of the invoice that reissued this voided one. */
  replaced_by: string | null;
}

export type HistoryTerms = Omit<InvoiceHistoryInput, 'serviceStart' | 'lastDay' | 'kwhFor' | keyof InvoiceRates> & {
  /** Whole kWh billed for billing period k of the schedule (the usage of its days, rounded). */
  kwhOf: (period: number) => number;
  /** The rates billing period k is priced with: those of the contract in force then. */
  ratesOf: (period: number) => InvoiceRates;
};

/** About once a year the meter's read is estimated: period k is, when k % 12 is the account's estimate month. */
export const ESTIMATED_READ_EVERY = 12;
/** The actual read arrives, voids the estimated invoice and reissues it this many days after the original. */
export const REISSUE_DELAY_DAYS = 3;

/**
 * The invoices issued on or before one day, addressed by position (0 = the most recent) so that a page prices only
 * its own invoices: numbers, dates and payments are arithmetic on the schedule, and usage is read per period only
 * when an invoice is priced.
 *
 * Everything that names an invoice depends on the account and the billing period alone, never on how long the
 * history is: which periods are billed on an estimated read (once a year; never the final bill, which is the meter's
 * actual move-out read), the issue order, hence each number. A later day only appends invoices, voids an estimated
 * one when its reissue comes out, and records payments.
 *
 * Auto-pay (the payment method on file is charged 16 days after the invoice) runs on each invoice's due date at
 * 14:00 UTC and also retries every older invoice still unpaid; a run without a chargeable method on file when it
 * starts (`canCharge`) leaves them unpaid, past due, until a later run succeeds. A payment shows from its instant
 * (`paid_at`, each invoice at its own minute of the run's hour) on: a read before it sees the invoice unpaid, a read
 * after it sees it paid.
 */
export class InvoiceHistory {
  /** Invoices issued by today (voided originals and reissues included). */
  readonly length: number;
  readonly #schedule: BillingSchedule;
  readonly #terms: HistoryTerms;
  /** Billing periods invoiced by today. */
  readonly #issued: number;
  /** Periods c, c + 12, c + 24… are billed on an estimated read (c from 1 to 11: never the first bill). */
  readonly #estimateMonth: number;
  /** The final billing period (service ended), once scheduled. */
  readonly #final: number | null;
  readonly #firstNumber: number;
  /** The instant of the read. */
  readonly #now: number;
  #paidOn: (string | null)[] | undefined;

  constructor(schedule: BillingSchedule, terms: HistoryTerms) {
    this.#schedule = schedule;
    this.#terms = terms;
    this.#now = terms.now ?? localToInstant(terms.today);
    this.#issued = schedule.issuedBy(terms.today);
    this.#final = schedule.finalPeriod;
    this.#estimateMonth = 1 + (hash(`${terms.seed}:void`) % (ESTIMATED_READ_EVERY - 1));
    this.#firstNumber = 1000 + (hash(`${terms.seed}:number`) % 800_000);
    const last = this.#issued - 1;
    // The reissue of the latest period, if it is an estimated one, may still be ahead.
    const pending = last >= 0 && this.#isEstimated(last) && this.#reissueDate(last) > terms.today ? 1 : 0;
    this.length = this.#issued + this.#estimatedBefore(this.#issued) - pending;
  }

  /** The invoice at `index`, most recent first, without its price. */
  entry(index: number): InvoiceEntry {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) throw new RangeError(`no invoice at ${index}`);
    const rank = this.length - 1 - index;
    const { period, reissue } = this.#at(rank);
    const estimated = this.#isEstimated(period) && !reissue;
    const voided = estimated && this.#reissueDate(period) <= this.#terms.today;
    const date = this.#dateOf(period, reissue);
    return {
      number: this.#numberOf(rank, date),
      period,
      invoice_date: date,
      payment_due_date: addDays(date, AUTO_PAY_DELAY_DAYS),
      voided_on: voided ? this.#reissueDate(period) : null,
      paid_on: estimated ? null : this.#paid()[rank] ?? null,
      replaces: reissue ? this.#numberOf(rank - 1, this.#dateOf(period, false)) : null,
      replaced_by: voided ? this.#numberOf(rank + 1, this.#reissueDate(period)) : null,
    };
  }

  /** Position of the invoice numbered `number`, or -1: numbers are consecutive in issue order. */
  indexOf(number: string): number {
    const match = /^INV-\d{4}-(\d{6})$/.exec(number);
    if (!match) return -1;
    const rank = Number(match[1]) - this.#firstNumber;
    if (rank < 0 || rank >= this.length) return -1;
    const index = this.length - 1 - rank;
    return this.entry(index).number === number ? index : -1;
  }

  /**
   * Position of the most recent invoice issued before the one whose number ends in `serial` (numbers count up in
   * issue order): where a page that ended with that invoice goes on, however many invoices were issued since.
   */
  positionAfter(serial: number): number {
    const rank = serial - this.#firstNumber;
    return Math.min(this.length, Math.max(0, this.length - rank));
  }

  /** The invoice at `index`, priced: reads the usage of its billing period. */
  record(index: number): InvoiceRecord {
    const e = this.entry(index);
    const period = this.#schedule.period(e.period);
    const metered = this.#terms.kwhOf(e.period);
    // The estimated original billed a read higher than the actual one its reissue bills.
    const estimated = this.#isEstimated(e.period) && e.replaces === null;
    const kwh = estimated ? Math.round(metered * (1.08 + (hash(`${this.#terms.seed}:estimate:${e.period}`) % 12) / 100)) : metered;
    const groups = priceInvoice(kwh, this.#terms.ratesOf(e.period));
    const total = groups.reduce((acc, g) => acc + g.total_cents, 0);
    return {
      number: e.number,
      invoice_date: e.invoice_date,
      payment_due_date: e.payment_due_date,
      billing_period_start: period.start,
      billing_period_end: period.end,
      total_cents: total,
      total: centsToDecimal(total),
      total_kwh: String(kwh),
      avg_cents_per_kwh: kwh > 0 ? (total / kwh).toFixed(1) : '0.0',
      pdf: this.#terms.pdfUrl(e.number),
      paid_at: e.paid_on ? new Date(paidAt(e.number, e.paid_on)).toISOString() : null,
      // Voided when its reissue comes out: the reissue exists from the first instant of its day, and so does the void.
      voided_at: e.voided_on ? new Date(localToInstant(e.voided_on)).toISOString() : null,
      charge_groups: groups,
      account_uuid: this.#terms.accountUuid,
      replaces: e.replaces,
      replaced_by: e.replaced_by,
    };
  }

  /** Schedule indexes of the billing periods the invoices at positions from..to (exclusive) bill. */
  periodsOf(from: number, to: number): number[] {
    const periods = new Set<number>();
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) periods.add(this.#at(this.length - 1 - i).period);
    return [...periods];
  }

  // Ranks count in issue order (0 = the first invoice): the schedule's invoices, with each reissue right after the
  // estimated original it replaces (three days later, always before the next period's invoice).

  /** Whether the meter's read of a period falls in the account's estimate month (once a year, never the first). */
  #inEstimateMonth(period: number): boolean {
    return period >= 1 && period % ESTIMATED_READ_EVERY === this.#estimateMonth % ESTIMATED_READ_EVERY;
  }

  #isEstimated(period: number): boolean {
    return this.#inEstimateMonth(period) && period !== this.#final;
  }

  /** How many periods before `period` were billed on an estimated read (each added a reissue to the ranks). */
  #estimatedBefore(period: number): number {
    const yearly = period <= this.#estimateMonth ? 0 : Math.floor((period - this.#estimateMonth - 1) / ESTIMATED_READ_EVERY) + 1;
    const finalExempt = this.#final !== null && this.#final < period && this.#inEstimateMonth(this.#final) ? 1 : 0;
    return yearly - finalExempt;
  }

  /** Rank of the (original) invoice of a period. */
  #rankOf(period: number): number {
    return period + this.#estimatedBefore(period);
  }

  #at(rank: number): { period: number; reissue: boolean } {
    let period = rank - Math.floor(rank / (ESTIMATED_READ_EVERY + 1));
    while (period > 0 && this.#rankOf(period) > rank) period -= 1;
    while (this.#rankOf(period + 1) <= rank) period += 1;
    return { period, reissue: rank > this.#rankOf(period) };
  }

  #reissueDate(period: number): string {
    return addDays(this.#schedule.period(period).invoice_date, REISSUE_DELAY_DAYS);
  }

  #dateOf(period: number, reissue: boolean): string {
    return reissue ? this.#reissueDate(period) : this.#schedule.period(period).invoice_date;
  }

  #numberOf(rank: number, date: string): string {
    return `INV-${date.slice(0, 4)}-${String(this.#firstNumber + rank).padStart(6, '0')}`;
  }

  /**
   * The day each invoice (by rank) was paid, or null: the first auto-pay run on or after its due date that has
   * started by now and found a chargeable payment method, once the invoice's own payment instant has come. Runs
   * happen on the due dates of the invoices auto-pay charges (estimated originals are voided before theirs), so one
   * pass from the newest invoice back finds them all.
   */
  #paid(): (string | null)[] {
    if (!this.#paidOn) {
      const paidOn: (string | null)[] = new Array<string | null>(this.length).fill(null);
      const canCharge = this.#terms.canCharge ?? (() => true);
      let nextRun: string | null = null;
      for (let rank = this.length - 1; rank >= 0; rank--) {
        const { period, reissue } = this.#at(rank);
        if (this.#isEstimated(period) && !reissue) continue;
        const date = this.#dateOf(period, reissue);
        const due = addDays(date, AUTO_PAY_DELAY_DAYS);
        if (autoPayRunAt(due) <= this.#now && canCharge(due)) nextRun = due;
        if (nextRun !== null && paidAt(this.#numberOf(rank, date), nextRun) <= this.#now) paidOn[rank] = nextRun;
      }
      this.#paidOn = paidOn;
    }
    return this.#paidOn;
  }
}

/** The instant the auto-pay run of a day starts (what `canCharge` is asked about). */
export const autoPayRunAt = (date: string): number => dateMs(date) + AUTO_PAY_HOUR_UTC * 3_600_000;

/** The instant an invoice is charged by the run of `runDate`: its own minute of the run's hour. */
const paidAt = (number: string, runDate: string): number =>
  autoPayRunAt(runDate) + (hash(`${number}:paid`) % AUTO_PAY_RUN_MINUTES) * 60_000;

/** Invoices issued on or before `today`, most recent first (the whole history, priced with the input's rates). */
export function generateInvoices(input: InvoiceHistoryInput): InvoiceRecord[] {
  const schedule = new BillingSchedule(input.seed, input.serviceStart, input.lastDay ?? null);
  const kwh = new Map<number, number>();
  const history = new InvoiceHistory(schedule, {
    ...input,
    ratesOf: () => input,
    kwhOf: (k) => {
      let value = kwh.get(k);
      if (value === undefined) {
        const period = schedule.period(k);
        value = Math.max(0, Math.round(input.kwhFor(period.start, period.end)));
        kwh.set(k, value);
      }
      return value;
    },
  });
  return Array.from({ length: history.length }, (_, i) => history.record(i));
}

/** The decision's derived status: paid_at → paid, voided_at → voided, due date before today → past_due, else due. */
export function invoiceStatus(
  invoice: Pick<InvoiceRecord, 'paid_at' | 'voided_at' | 'payment_due_date'>,
  today: string,
): InvoiceStatus {
  if (invoice.paid_at) return 'paid';
  if (invoice.voided_at) return 'voided';
  return invoice.payment_due_date < today ? 'past_due' : 'due';
}

/** The list item of `GET /v1/account/billing/invoices`. */
export function toListItem(record: InvoiceRecord, today: string): InvoiceListItem {
  return {
    number: record.number,
    invoice_date: record.invoice_date,
    payment_due_date: record.payment_due_date,
    billing_period_start: record.billing_period_start,
    billing_period_end: record.billing_period_end,
    total_cents: record.total_cents,
    total: record.total,
    total_kwh: record.total_kwh,
    avg_cents_per_kwh: record.avg_cents_per_kwh,
    pdf: record.pdf,
    paid_at: record.paid_at,
    voided_at: record.voided_at,
    status: invoiceStatus(record, today),
  };
}

/** The body of `GET /v1/account/billing/invoices/{number}`. */
export function toDetail(record: InvoiceRecord, today: string): InvoiceDetail {
  return { ...toListItem(record, today), charge_groups: record.charge_groups };
}
