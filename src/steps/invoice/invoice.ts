import { css, html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { InvoiceDetail } from '../../api/types.js';
import { getInvoice } from '../../api/billing.js';
import { getLocale } from '../../i18n/localization.js';
import { formatDate, formatKwh, formatMoney, formatRate, todayYmd } from '../../ui/format.js';
import { pdfHref } from '../../ui/pdf.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import { billingToday, invoiceStatus } from '../invoices/invoice-status.js';
import { period, renderStatus, statusStyles } from '../invoices/invoice-badge.js';

type Charge = InvoiceDetail['charge_groups'][number]['charges'][number];
type Group = InvoiceDetail['charge_groups'][number];

/** The sum of the charge groups, in cents: what the customer can check the total against. */
export function chargesTotal(invoice: Pick<InvoiceDetail, 'charge_groups'>): number {
  return invoice.charge_groups.reduce((sum, group) => sum + group.total_cents, 0);
}

/** A timestamp's calendar day in the service's zone (America/Chicago). */
const dayOf = (iso: string): string => todayYmd('America/Chicago', new Date(iso));

/** The service's own words (it writes in English), marked as English so a Spanish screen reader reads them in English. */
const english = (text: string) => html`<span lang="en">${text}</span>`;

/** The charge groups' names in the customer's language; an unknown group keeps the service's name. */
function groupName(group: Group, utility: string | undefined): string | TemplateResult {
  switch (group.key) {
    case 'energy': return msg('Energy charges', { id: 'invoice.group.energy' });
    case 'delivery':
      return utility
        ? msg(str`Delivery charges from ${utility}`, { id: 'invoice.group.delivery_from' })
        : msg('Delivery charges from your utility', { id: 'invoice.group.delivery' });
    case 'taxes_fees': return msg('Taxes and fees', { id: 'invoice.group.taxes_fees' });
    default: return english(group.name);
  }
}

/** Each charge's name in the customer's language; an unknown one keeps the service's description. */
function chargeName(charge: Charge): string | TemplateResult {
  switch (charge.type) {
    case 'energy_charge': return msg('Energy charge', { id: 'invoice.charge.energy' });
    case 'base_charge': return msg('Base charge', { id: 'invoice.charge.base' });
    case 'tdu_customer_charge': return msg('Utility customer and metering charge', { id: 'invoice.charge.tdu_customer' });
    case 'tdu_delivery_charge': return msg('Utility delivery charge', { id: 'invoice.charge.tdu_delivery' });
    case 'puc_assessment': return msg('Public Utility Commission assessment', { id: 'invoice.charge.puc' });
    case 'gross_receipts_reimbursement': return msg('Gross receipts tax reimbursement', { id: 'invoice.charge.gross_receipts' });
    default: return english(charge.description);
  }
}

/**
 * A charge's quantity or rate as the service writes it ("1 billing period", "$4.90/mo", "1,097 kWh", "9.7000¢/kWh",
 * "0.1667%"). Numbers, kWh, ¢ and % read the same in Spanish; the billing period and the month are said in the
 * customer's language. Any other text is the service's own, shown as it came: marked as English when it has words
 * ("1 late payment"), not when it is only numbers and units.
 */
function chargeText(text: string): string | TemplateResult {
  const periods = /^(\d+) billing periods?$/.exec(text);
  if (periods) {
    const count = Number(periods[1]);
    return count === 1
      ? msg('1 billing period', { id: 'invoice.quantity.period' })
      : msg(str`${count} billing periods`, { id: 'invoice.quantity.periods' });
  }
  const monthly = /^(\$[\d,]+\.\d{2})\/mo$/.exec(text);
  if (monthly) return msg(str`${monthly[1]}/mo`, { id: 'invoice.rate.monthly' });
  return /[a-z]{2}/i.test(text.replace('kWh', '')) ? english(text) : text;
}

/**
 * @summary An invoice's detail: its status, dates and usage, its charge groups with every charge, how the groups add
 * up to the total (the sum is shown; a difference would be said, not hidden), and its PDF.
 * @fires sf-step-complete - `{ step: 'invoice', data: { open: 'invoices' } }`: back to the list.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepInvoice extends LaterStep {
  static override properties: PropertyDeclarations = {
    number: { attribute: false },
    today: { attribute: false },
    _invoice: { state: true },
    _failure: { state: true },
    _missing: { state: true },
  };

  static override styles = [...laterStepStyles, statusStyles, css`
    .summary-status { margin-bottom: var(--_space); }
    table { width: 100%; border-collapse: collapse; margin: 0 0 var(--_space); }
    caption { text-align: start; font-weight: 600; font-size: 1.0625rem; padding-bottom: 0.25rem; }
    th, td { text-align: start; padding: 0.5rem 0; border-bottom: 1px solid var(--_divider); vertical-align: top; font-weight: 400; }
    td.amount, th.amount { text-align: end; white-space: nowrap; padding-inline-start: 1rem; }
    tfoot th, tfoot td { font-weight: 600; border-bottom: 0; }
    .detail { display: block; color: var(--_muted); font-size: 0.9375rem; }
    table.sum tfoot th, table.sum tfoot td { font-size: 1.125rem; border-top: 2px solid var(--_text); }
    .pdf { margin-bottom: var(--_space); }
  `];

  /** The invoice's number (the detail path). */
  number = '';
  /** The list's today (YYYY-MM-DD, `billingToday` of its invoices): the status then agrees with the list's. */
  today = '';

  private _invoice: InvoiceDetail | null = null;
  private _failure: Failure | null = null;
  private _missing = false;
  private _abort = new AbortController();

  override connectedCallback(): void {
    super.connectedCallback();
    this._abort = new AbortController();
    if (!this._invoice) void this._load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._abort.abort();
  }

  private async _load(): Promise<void> {
    this._failure = null;
    try {
      this._invoice = await getInvoice(this.api, this.number, this._abort.signal);
    } catch (error) {
      const failure = toFailure(error, this);
      if (failure?.kind === 'refused' && failure.error.status === 404) this._missing = true;
      else this._failure = failure;
    }
  }

  override render() {
    const locale = getLocale();
    const invoice = this._invoice;
    return html`
      ${stepHeading(
        invoice
          ? msg(str`Invoice of ${formatDate(invoice.invoice_date, locale)}`, { id: 'billing.invoice.title' })
          : msg('Invoice', { id: 'billing.step.invoice' }),
        invoice ? msg(str`Invoice number ${invoice.number}`, { id: 'invoice.number' }) : undefined,
      )}
      ${renderRetryAlert(this._failure, () => void this._load())} ${renderRefusal(this._failure)}
      ${this._missing
        ? html`<div class="alert error" role="alert"><p>${msg('We could not find this invoice on your account.', { id: 'invoice.missing' })}</p></div>`
        : nothing}
      <p role="status">${invoice || this._failure || this._missing ? '' : msg('Loading the invoice…', { id: 'invoice.loading' })}</p>
      ${invoice ? this._renderInvoice(invoice, locale) : nothing}
      <div class="actions">
        <button type="button" class="btn secondary start" @click=${() => this.complete({ data: { open: 'invoices' } })}>
          ${msg('Back to invoices', { id: 'invoice.back' })}
        </button>
      </div>
    `;
  }

  private _renderInvoice(invoice: InvoiceDetail, locale: string) {
    const state = invoiceStatus(invoice, billingToday([invoice, { invoice_date: this.today }]));
    const sum = chargesTotal(invoice);
    return html`
      <div class="summary-status">${renderStatus(state)}</div>
      <dl class="summary">
        <dt>${msg('Billing period', { id: 'billing.invoice.period' })}</dt>
        <dd>${period(invoice, locale)}</dd>
        ${invoice.paid_at
          ? html`<dt>${msg('Paid on', { id: 'invoice.paid_on' })}</dt>
              <dd>${formatDate(dayOf(invoice.paid_at), locale)}</dd>`
          : invoice.voided_at
            ? html`<dt>${msg('Voided on', { id: 'invoice.voided_on' })}</dt>
                <dd>${formatDate(dayOf(invoice.voided_at), locale)}</dd>`
            : html`<dt>${state === 'past_due' ? msg('Payment was due', { id: 'invoice.was_due_on' }) : msg('Payment due', { id: 'invoice.due_on' })}</dt>
                <dd>${formatDate(invoice.payment_due_date, locale)}</dd>`}
        <dt>${msg('Electricity used', { id: 'billing.invoice.kwh' })}</dt>
        <dd>${formatKwh(invoice.total_kwh, locale)}</dd>
        <dt>${msg('Average price', { id: 'billing.invoice.average' })}</dt>
        <dd>${formatRate(invoice.avg_cents_per_kwh, locale)}</dd>
      </dl>
      ${state === 'voided'
        ? html`<p class="alert">${msg('This invoice was voided: you do not owe it. A corrected invoice replaces it.', { id: 'invoice.voided_note' })}</p>`
        : nothing}
      ${state === 'past_due'
        ? html`<p class="alert warning">
            ${msg(
              str`The automatic payment on ${formatDate(invoice.payment_due_date, locale)} did not go through, and ${formatMoney(invoice.total_cents, locale)} is still owed. Please make sure a payment method is on file, or call the number on the invoice PDF to pay.`,
              { id: 'invoice.past_due_note' },
            )}
          </p>`
        : nothing}
      <h2>${msg('Charges', { id: 'invoice.charges' })}</h2>
      ${invoice.charge_groups.map((group) => this._renderGroup(group, locale))}
      <table class="sum">
        <caption>${msg('How the total adds up', { id: 'invoice.sum.caption' })}</caption>
        <tbody>
          ${invoice.charge_groups.map(
            (group) => html`<tr><th scope="row">${groupName(group, this.account?.service_address?.utility.display_name)}</th><td class="amount">${formatMoney(group.total_cents, locale)}</td></tr>`,
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">${msg('Total', { id: 'billing.invoice.total' })}</th>
            <td class="amount" data-sum>${formatMoney(sum, locale)}</td>
          </tr>
        </tfoot>
      </table>
      ${sum !== invoice.total_cents
        ? html`<div class="alert warning" role="alert">
            <p>
              ${msg(str`The charges add up to ${formatMoney(sum, locale)}, but the invoice total is ${formatMoney(invoice.total_cents, locale)}. The PDF is the invoice of record.`, {
                id: 'invoice.sum_mismatch',
              })}
            </p>
          </div>`
        : nothing}
      <p class="pdf">
        <a href=${pdfHref(invoice.pdf, getLocale())} target="_blank" rel="noopener noreferrer">
          ${msg('Download the invoice', { id: 'invoice.pdf' })} <span class="muted">${msg('(PDF, opens in a new tab)', { id: 'plans.docs.new_tab' })}</span>
        </a>
      </p>
    `;
  }

  private _renderGroup(group: Group, locale: string) {
    return html`<table>
      <caption>${groupName(group, this.account?.service_address?.utility.display_name)}</caption>
      <thead>
        <tr><th scope="col">${msg('Charge', { id: 'invoice.charge' })}</th><th scope="col" class="amount">${msg('Amount', { id: 'invoice.amount' })}</th></tr>
      </thead>
      <tbody>
        ${group.charges.map(
          (charge) => html`<tr>
            <th scope="row">${chargeName(charge)}<span class="detail">${chargeText(charge.quantity_text)} × ${chargeText(charge.rate_text)}</span></th>
            <td class="amount">${formatMoney(charge.amount_cents, locale)}</td>
          </tr>`,
        )}
      </tbody>
      <tfoot>
        <tr><th scope="row">${msg('Subtotal', { id: 'invoice.subtotal' })}</th><td class="amount">${formatMoney(group.total_cents, locale)}</td></tr>
      </tfoot>
    </table>`;
  }
}

customElements.define('sf-step-invoice', SfStepInvoice);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-invoice': SfStepInvoice;
  }
}
