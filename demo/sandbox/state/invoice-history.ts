/**
 * The invoices of an active account, from the invoice generator (../invoices.ts) fed with the contract's rates and
 * the same synthetic usage the usage endpoints serve, so a bill's kWh match the usage pages. Auto-pay fails (the
 * latest due invoice stays unpaid, past due) when no payment method is on file.
 */
import { randomUUID } from 'node:crypto';
import { generateInvoices, invoiceStatus, type InvoiceRecord } from '../invoices.js';
import type { Store } from '../store/store.js';
import type { AccountRecord } from '../store/types.js';
import { importKwhBetween } from '../usage.js';
import { premiseByEsiId } from '../data/addresses.js';
import { localDate } from '../time.js';

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

export function invoicesOf(store: Store, a: AccountRecord, today: string, publicUrl: string): InvoiceRecord[] {
  const location = a.location;
  if (!location || a.serviceActiveAt === null) return [];
  const plan = location.contract.plan;
  const serviceStart = localDate(a.serviceActiveAt);
  const profile = { seed: location.esiId, historyStart: serviceStart, lastDay: today, solar: premiseByEsiId(location.esiId)?.solar ?? false };
  return generateInvoices({
    seed: a.uuid,
    accountUuid: a.uuid,
    serviceStart,
    today,
    energy_rate_cents_per_kwh: plan.energy_rate_cents_per_kwh,
    base_charge_cents: plan.base_charge_cents,
    delivery: plan.delivery,
    utilityDisplayName: plan.delivery.utility.display_name,
    kwhFor: (start, end) => importKwhBetween(start, end, profile),
    pdfUrl: (number) => `${publicUrl}/documents/${invoiceDocumentId(store, a, number, today)}.pdf`,
    pastDue: a.card === null,
  });
}

/**
 * Emits the billing webhooks for what happened since the last look: a statement sent for each new invoice, and
 * each auto-pay that succeeded or failed. Run when the clock moves, since invoices only appear with time.
 */
export function emitInvoiceEvents(store: Store, a: AccountRecord, today: string, publicUrl: string): void {
  const seen = a.invoiceEvents;
  // Invoices change only with the date: most clock moves (seconds, hours) need no recomputation.
  if (a.serviceActiveAt === null || seen.checkedOn === today) return;
  seen.checkedOn = today;
  for (const invoice of [...invoicesOf(store, a, today, publicUrl)].reverse()) {
    const data = { location_uuid: a.location!.uuid, invoice_number: invoice.number };
    if (!seen.sent.includes(invoice.number)) {
      seen.sent.push(invoice.number);
      store.emit(a, 'account.invoice_sent', data);
    }
    const status = invoiceStatus(invoice, today);
    if (status === 'paid' && !seen.paid.includes(invoice.number)) {
      seen.paid.push(invoice.number);
      store.emit(a, 'account.payment_successful', data);
    }
    if (status === 'past_due' && !seen.failed.includes(invoice.number)) {
      seen.failed.push(invoice.number);
      store.emit(a, 'account.payment_failed', data);
    }
  }
}
