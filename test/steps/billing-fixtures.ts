/** Invoices, one invoice's detail and billing addresses for the billing steps' tests. */
import type { BillingAddress, Invoice, InvoiceDetail } from '../../src/api/types.js';
import { makeAccount } from '../flow/fixtures.js';
import { ADDRESS_RESULT } from './harness.js';

/**
 * The n-th invoice, most recent first: monthly from 2030-12-05 backwards, paid unless told otherwise. An override of
 * paid_at or voided_at without a status gives an invoice without the service's status (the flow derives it).
 */
export function makeInvoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  const invoice = paidInvoice(n, overrides);
  if (!('status' in overrides) && ('paid_at' in overrides || 'voided_at' in overrides)) delete (invoice as Partial<Invoice>).status;
  return invoice;
}

function paidInvoice(n: number, overrides: Partial<Invoice>): Invoice {
  const month = 12 - (n % 12);
  const year = 2030 - Math.floor(n / 12);
  const mm = String(month).padStart(2, '0');
  return {
    number: `INV-${year}-${String(100000 + 500 - n).padStart(6, '0')}`,
    invoice_date: `${year}-${mm}-05`,
    payment_due_date: `${year}-${mm}-21`,
    billing_period_start: `${year}-${mm}-01`,
    billing_period_end: `${year}-${mm}-28`,
    total_cents: 12345 + n,
    total: ((12345 + n) / 100).toFixed(2),
    total_kwh: '1024',
    avg_cents_per_kwh: '12.06',
    pdf: `https://service.example/documents/${n}.pdf`,
    paid_at: `${year}-${mm}-21T14:00:00Z`,
    voided_at: null,
    status: 'paid',
    ...overrides,
  };
}

export function makeInvoices(count: number, from = 0): Invoice[] {
  return Array.from({ length: count }, (_, i) => makeInvoice(from + i));
}

export function makeDetail(invoice: Invoice = makeInvoice(0)): InvoiceDetail {
  const charge = (type: string, description: string, amount_cents: number) => ({
    category: 'energy',
    type,
    description,
    taxable: true,
    quantity_text: '1,024 kWh',
    rate_text: '9.9000¢/kWh',
    amount_cents,
    amount: (amount_cents / 100).toFixed(2),
  });
  return {
    ...invoice,
    total_cents: 15000,
    total: '150.00',
    charge_groups: [
      { key: 'energy', name: 'Energy charges', total_cents: 10632, total: '106.32', charges: [charge('energy_charge', 'Energy charge', 10137), charge('base_charge', 'Base charge', 495)] },
      { key: 'delivery', name: 'CenterPoint delivery charges', total_cents: 4000, total: '40.00', charges: [charge('tdu_delivery_charge', 'Delivery', 4000)] },
      { key: 'taxes_fees', name: 'Taxes and fees', total_cents: 368, total: '3.68', charges: [charge('puc_assessment', 'PUC', 24), charge('gross_receipts_reimbursement', 'GRT', 344)] },
    ],
  };
}

export const SAME_ADDRESS: BillingAddress = {
  same_as_service_address: true,
  address_1: ADDRESS_RESULT.address_1,
  address_2: null,
  city: ADDRESS_RESULT.city,
  state: 'TX',
  postal_code: ADDRESS_RESULT.postal_code,
};

export const OWN_ADDRESS: BillingAddress = {
  same_as_service_address: false,
  address_1: '4807 Caswell Ave',
  address_2: null,
  city: 'Austin',
  state: 'TX',
  postal_code: '78751',
};

export const ACTIVE = makeAccount(
  { status: 'active', status_reason: 'active', service_address: ADDRESS_RESULT, location_uuid: '7c2d9e4f-0000-4000-8000-000000000001' } as never,
  { has_accepted_plan: true, is_identity_verified: true, has_payment_method: true, is_enrollment_finalized: true, is_service_active: true },
);
