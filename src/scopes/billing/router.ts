/**
 * The billing scope's navigation, as pure functions: the invoice list is the scope's home; an invoice's detail and
 * the billing address form open from it and return to it. None of them is a numbered step (nothing is to be done in
 * order), so the flow shows no progress bar and each view offers its own way back.
 */
import type { Account } from '../../api/types.js';
import type { StepCompleteDetail } from '../../contract/events.js';
import type { Completion } from '../../flow/scope.js';

export type BillingStep = 'invoices' | 'invoice' | 'billing-address';

/** What this session did that the account does not show. */
export interface BillingProgress {
  /** The view on screen (a "Try again" after trouble resumes there). */
  view?: BillingStep;
  /** The invoice whose detail is (or was last) open: its number. */
  invoice?: string;
  /** The list's today (`billingToday` of its invoices), so the detail's status agrees with the list's. */
  today?: string;
  /** The billing address was just saved: the list says so once. */
  saved?: boolean;
  /** The view the list was returned to from: focus goes back to what opened it. */
  from?: 'invoice' | 'billing-address';
  /** An address was saved in this session: leaving is `completed`, not `exited` (something was done with the link). */
  changed?: true;
}

/** What the billing steps hand up in `sf-step-complete`'s `data`: the view to open next (none: Done). */
export interface BillingData {
  open?: BillingStep;
  invoice?: string;
  /** With `invoice`: the list's today. */
  today?: string;
  saved?: boolean;
}

export const BILLING_STEPS: readonly BillingStep[] = [];

export function currentView(progress: BillingProgress): BillingStep {
  return progress.view === 'invoice' && !progress.invoice ? 'invoices' : (progress.view ?? 'invoices');
}

/**
 * Where a completed view leads: the list's button closes the flow (Done; before enrollment, Close: the scope does not
 * fit the account yet, an exit); every other completion names a view. A saved address stays in the progress.
 */
export function afterComplete({ step, data }: StepCompleteDetail, account: Account, progress: BillingProgress): Completion<BillingStep, BillingProgress> {
  const d = (data ?? {}) as BillingData;
  if (step === 'invoices' && !d.open) return { close: account.enrollment.is_enrollment_finalized ? 'completed' : 'exited' };
  const changed: BillingProgress = progress.changed || d.saved ? { changed: true } : {};
  if (d.open === 'invoice' && d.invoice) return { progress: { ...changed, view: 'invoice', invoice: d.invoice, ...(d.today ? { today: d.today } : {}) }, step: 'invoice' };
  if (d.open === 'billing-address') return { progress: { ...progress, view: 'billing-address', saved: false }, step: 'billing-address' };
  const from = step === 'invoice' || step === 'billing-address' ? step : undefined;
  return { progress: { ...changed, view: 'invoices', invoice: progress.invoice, saved: d.saved === true, from }, step: 'invoices' };
}
