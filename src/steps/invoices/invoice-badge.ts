/**
 * An invoice's status as a badge: an icon and the word, so the status never rests on colour alone (the icon is
 * decorative; the word is what a screen reader reads). Call from render() only (msg()).
 */
import { css, html } from 'lit';
import { msg, str } from '@lit/localize';
import type { Invoice } from '../../api/types.js';
import { formatDate } from '../../ui/format.js';
import type { InvoiceState } from './invoice-status.js';

export function statusText(state: InvoiceState): string {
  switch (state) {
    case 'paid': return msg('Paid', { id: 'billing.status.paid' });
    case 'voided': return msg('Voided', { id: 'billing.status.voided' });
    case 'due': return msg('Due', { id: 'billing.status.due' });
    case 'past_due': return msg('Past due', { id: 'billing.status.past_due' });
  }
}

/** A billing period: "March 3, 2026 to April 2, 2026". */
export function period(invoice: Pick<Invoice, 'billing_period_start' | 'billing_period_end'>, locale: string): string {
  const from = formatDate(invoice.billing_period_start, locale, 'medium');
  const to = formatDate(invoice.billing_period_end, locale, 'medium');
  return msg(str`${from} to ${to}`, { id: 'billing.invoice.period_range' });
}

const ICONS: Record<InvoiceState, string> = { paid: '✓', voided: '⊘', due: '◷', past_due: '!' };

export function renderStatus(state: InvoiceState) {
  return html`<span class="status status--${state}" data-status=${state}
    ><span class="status-icon" aria-hidden="true">${ICONS[state]}</span>${statusText(state)}</span
  >`;
}

/** Each text/background pair is at least 4.5:1; the border keeps the badge's shape in forced colours. */
export const statusStyles = css`
  .status {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    padding: 0.125rem 0.5rem;
    border-radius: 999px;
    border: 1px solid currentColor;
    font-weight: 600;
    font-size: 0.9375rem;
    white-space: nowrap;
  }
  .status-icon {
    font-weight: 700;
  }
  .status--paid {
    color: var(--_success);
    background: var(--_success-bg);
  }
  .status--voided {
    color: var(--_muted);
    background: var(--_surface-muted);
  }
  .status--due {
    /* The partner's brand colour need not reach 4.5:1 on the tint: the text stays the body colour. */
    color: var(--_text);
    background: var(--_info-bg);
    border-color: var(--_primary);
  }
  .status--past_due {
    color: var(--_error);
    background: var(--_error-bg);
  }
`;
