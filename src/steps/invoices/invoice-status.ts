/**
 * An invoice's status: the service's `status`, or, where an answer has none, from its own fields by the same rule the
 * contract states for that field: paid (paid_at
 * set), voided (voided_at set), past due (neither, and the payment due date is before today), else due. On the due
 * date itself the invoice is still due: auto-pay charges the card that morning.
 *
 * "Today" is the service's calendar day, America/Chicago, not the browser's zone nor UTC (a customer in Texas at
 * 8 pm is already on tomorrow's UTC date). Dates are compared as `YYYY-MM-DD` strings, never as instants.
 */
import type { Invoice } from '../../api/types.js';
import { todayYmd } from '../../ui/format.js';

export type InvoiceState = 'paid' | 'voided' | 'due' | 'past_due';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

const STATES: readonly string[] = ['paid', 'voided', 'due', 'past_due'];

/**
 * The status of `invoice`: the one the service says (its clock is the one that counts; a browser's may lag it), else
 * the same rule applied on `today` (`YYYY-MM-DD` in America/Chicago). Pure.
 */
export function invoiceStatus(
  invoice: Pick<Invoice, 'paid_at' | 'voided_at' | 'payment_due_date'> & { status?: string | null },
  today: string,
): InvoiceState {
  if (invoice.status && STATES.includes(invoice.status)) return invoice.status as InvoiceState;
  if (invoice.paid_at) return 'paid';
  if (invoice.voided_at) return 'voided';
  // A due date that cannot be read is not evidence of a missed payment.
  if (!YMD.test(invoice.payment_due_date) || !YMD.test(today)) return 'due';
  return invoice.payment_due_date < today ? 'past_due' : 'due';
}

/**
 * The service's today as the flow can know it: the browser's clock read in America/Chicago, but never before the
 * newest invoice's date (the service issued it, so its day has come: a browser clock that lags the service, or the
 * sandbox's clock moved ahead, must not turn a past-due invoice back into a due one).
 */
export function billingToday(invoices: readonly Pick<Invoice, 'invoice_date'>[], now: Date = new Date()): string {
  let today = todayYmd('America/Chicago', now);
  for (const i of invoices) if (YMD.test(i.invoice_date) && i.invoice_date > today) today = i.invoice_date;
  return today;
}
