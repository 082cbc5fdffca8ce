/**
 * Deterministic invoice history for a sandbox account: one invoice per billing period since service started,
 * priced from the plan's rates and the location's usage, with the Texas bill lines (energy, REP base charge, TDU
 * delivery passed through, PUC assessment, gross receipts reimbursement; residential electricity carries no state
 * sales tax). All money is integer cents; decimal strings are derived from the cents, never the other way round.
 */

import { hash } from './random.js';
import { addDays, addMonths } from './time.js';

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

export interface InvoiceHistoryInput {
  seed: string;
  accountUuid: string;
  /** First day of service (YYYY-MM-DD); the first billing period starts here. */
  serviceStart: string;
  /** The sandbox clock's date (YYYY-MM-DD); only invoices issued on or before it exist. */
  today: string;
  energy_rate_cents_per_kwh: string;
  base_charge_cents: number;
  /** A plan's `delivery` object fits as is. */
  delivery: { monthly_charge_cents: number; rate_cents_per_kwh: string };
  utilityDisplayName: string;
  /** Grid kWh used over the whole days periodStart..periodEnd, so invoices agree with the usage endpoints. */
  kwhFor: (periodStart: string, periodEnd: string) => number;
  pdfUrl: (invoiceNumber: string) => string;
  /** Leave the most recent invoice whose due date has passed unpaid (a failed auto-pay). */
  pastDue?: boolean;
}

/** Auto-pay charges the saved payment method this many days after the invoice is generated. */
export const AUTO_PAY_DELAY_DAYS = 16;
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
export function priceInvoice(
  kwh: number,
  rates: Pick<InvoiceHistoryInput, 'energy_rate_cents_per_kwh' | 'base_charge_cents' | 'delivery' | 'utilityDisplayName'>,
): ChargeGroup[] {
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

interface Period {
  start: string;
  end: string;
}

/** Billing periods of about a month: meter reads fall near the service start's day of month, a day either way. */
function billingPeriods(input: InvoiceHistoryInput): Period[] {
  const periods: Period[] = [];
  let start = input.serviceStart;
  for (let k = 1; start <= input.today; k++) {
    const jitter = (hash(`${input.seed}:read:${k}`) % 3) - 1;
    const next = addDays(addMonths(input.serviceStart, k), jitter);
    periods.push({ start, end: addDays(next, -1) });
    start = next;
  }
  return periods;
}

const timestamp = (date: string, hourUtc: number, minute: number): string =>
  new Date(dateMs(date) + hourUtc * 3_600_000 + minute * 60_000).toISOString();

/** Invoices issued on or before `today`, most recent first. */
export function generateInvoices(input: InvoiceHistoryInput): InvoiceRecord[] {
  interface Draft {
    period: Period;
    invoice_date: string;
    kwh: number;
    voided_on: string | null;
    reissue_of: Draft | null;
    number?: string;
  }
  const drafts: Draft[] = [];
  for (const [k, period] of billingPeriods(input).entries()) {
    const invoiceDate = addDays(period.end, 1 + (hash(`${input.seed}:issue:${k}`) % 2));
    if (invoiceDate > input.today) break;
    const kwh = Math.max(0, Math.round(input.kwhFor(period.start, period.end)));
    drafts.push({ period, invoice_date: invoiceDate, kwh, voided_on: null, reissue_of: null });
  }
  // One invoice in the history was issued on an estimated meter read, voided when the utility sent the actual
  // read, and reissued: the pair every billing UI has to show sensibly. Never one of the two latest.
  if (drafts.length >= 4) {
    const original = drafts[1 + (hash(`${input.seed}:void`) % (drafts.length - 3))];
    const reissue: Draft = { ...original, reissue_of: original, invoice_date: addDays(original.invoice_date, 3) };
    original.voided_on = reissue.invoice_date;
    original.kwh = Math.round(original.kwh * (1.08 + (hash(`${input.seed}:estimate`) % 12) / 100));
    drafts.push(reissue);
  }
  drafts.sort((a, b) => (a.invoice_date < b.invoice_date ? -1 : a.invoice_date > b.invoice_date ? 1 : 0));
  let sequence = 1000 + (hash(`${input.seed}:number`) % 800_000);
  for (const d of drafts) d.number = `INV-${d.invoice_date.slice(0, 4)}-${String(sequence++).padStart(6, '0')}`;

  const failed = input.pastDue
    ? [...drafts].reverse().find((d) => !d.voided_on && addDays(d.invoice_date, AUTO_PAY_DELAY_DAYS) < input.today)
    : undefined;
  const records = drafts.map((d): InvoiceRecord => {
    const groups = priceInvoice(d.kwh, input);
    const total = groups.reduce((acc, g) => acc + g.total_cents, 0);
    const due = addDays(d.invoice_date, AUTO_PAY_DELAY_DAYS);
    // Auto-pay runs on the due date; a payment shows as made once that day is over.
    const paid = !d.voided_on && d !== failed && due < input.today;
    const number = d.number ?? '';
    return {
      number,
      invoice_date: d.invoice_date,
      payment_due_date: due,
      billing_period_start: d.period.start,
      billing_period_end: d.period.end,
      total_cents: total,
      total: centsToDecimal(total),
      total_kwh: String(d.kwh),
      avg_cents_per_kwh: d.kwh > 0 ? (total / d.kwh).toFixed(1) : '0.0',
      pdf: input.pdfUrl(number),
      paid_at: paid ? timestamp(due, 14, hash(`${number}:paid`) % 60) : null,
      voided_at: d.voided_on ? timestamp(d.voided_on, 15, hash(`${number}:void`) % 60) : null,
      charge_groups: groups,
      account_uuid: input.accountUuid,
      replaces: d.reissue_of?.number ?? null,
      replaced_by: d.voided_on ? (drafts.find((r) => r.reissue_of === d)?.number ?? null) : null,
    };
  });
  return records.reverse();
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
