/**
 * The billing scope, as the flow engine (flow/scope.ts) takes it: the invoice list (with the billing address and
 * where the account stands, and Done, or Close before enrollment) is the first screen, in this chunk; an invoice's
 * detail and the billing address form are chunks of their own, loaded when opened (router.ts: how the views lead to
 * each other).
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { ScopeDeclaration } from '../../flow/scope.js';
import { afterComplete, BILLING_STEPS, currentView, type BillingProgress, type BillingStep } from './router.js';
// The first screen is part of this scope's chunk: imported here, not loaded.
import '../../steps/invoices/invoices.js';

export function billingLabel(step: BillingStep): string {
  switch (step) {
    case 'invoices': return msg('Invoices', { id: 'billing.step.invoices' });
    case 'invoice': return msg('Invoice', { id: 'billing.step.invoice' });
    case 'billing-address': return msg('Billing address', { id: 'billing.step.address' });
  }
}

export const billing: ScopeDeclaration<BillingStep, BillingProgress> = {
  title: () => msg('Billing', { id: 'billing.title' }),
  label: billingLabel,
  progress: {},
  // A reload after an address was saved (the address form marked the session): leaving still completes.
  resume: (returned) => (returned.done ? { changed: true } : undefined),
  steps: () => BILLING_STEPS,
  current: (_account, progress) => currentView(progress),
  entered: (step, progress) => ({ ...progress, view: step }),
  // Nothing a view reports changes the account (the billing address is not part of it): no re-read.
  local: ['invoices', 'invoice', 'billing-address'],
  complete: afterComplete,
  // Looking at bills has nothing to finish: leaving is a plain exit, unless an address was saved in this session;
  // Done on the list completes.
  exit: (_account, progress) => (progress.changed ? 'completed' : 'exited'),
  views: {
    invoices: {
      tag: 'sf-step-invoices',
      load: () => Promise.resolve(),
      render: (i) =>
        html`<sf-step-invoices .account=${i.account} .draft=${i.draft} .saved=${Boolean(i.progress.saved)} .focusInvoice=${i.progress.from === 'invoice' ? (i.progress.invoice ?? null) : null} .focusAddress=${i.progress.from === 'billing-address'}></sf-step-invoices>`,
    },
    invoice: {
      tag: 'sf-step-invoice',
      load: () => import('../../steps/invoice/invoice.js'),
      render: (i) =>
        html`<sf-step-invoice .account=${i.account} .draft=${i.draft} .number=${i.progress.invoice ?? ''} .today=${i.progress.today ?? ''}></sf-step-invoice>`,
    },
    'billing-address': {
      tag: 'sf-step-billing-address',
      load: () => import('../../steps/billing-address/billing-address.js'),
      render: (i) =>
        html`<sf-step-billing-address .account=${i.account} .draft=${i.draft}></sf-step-billing-address>`,
    },
  },
};
