/**
 * The enrollment's shared vocabulary: its step names, what its steps hand up, and the facts about an account that
 * both the steps and the enrollment scope read. Here, below both, so that neither imports the other.
 */
import type { Account, AddressSearchResult } from '../api/types.js';

/** The enrollment steps, in order. */
export type StepName = 'address' | 'plans' | 'identity' | 'credit' | 'payment' | 'review' | 'done';

/**
 * The accepted plan's name, terms and start: what the plans step reports with the accepted account, and what the
 * review and done steps read from the service (the location's contract, steps/review/accepted-plan.ts).
 */
export interface AcceptedPlan {
  uuid: string;
  name: string;
  term_months: number;
  energy_rate_cents_per_kwh: string;
  start_date: string;
}

/** What an enrollment step hands to the root besides the updated account. */
export interface StepData {
  /** Address step: the confirmed address, exactly as the service returned it (with its ESI ID). */
  address?: AddressSearchResult;
  /** Plans step: the plan just accepted (its name and start date are not on the account). */
  plan?: AcceptedPlan;
  /** Review step: finalized (the account may not show it yet). */
  finalized?: boolean;
  /** Review step: the user chose to fix this missing item; the root routes there. */
  goTo?: StepName;
  /** Card on file (update-payment-method): another card than first shown, one saved whose answer was lost. */
  replaced?: boolean;
  /** Card on file (update-payment-method): there is none after all (404), so the card form adds one. */
  none?: boolean;
  [key: string]: unknown;
}

/**
 * The client agent flow: the partner holds power of attorney and completed the preapproval (identity, credit check,
 * payment method); the customer only picks the address and plan (start 7 to 30 days out) and reviews.
 */
export function isClientAgent(account: Account): boolean {
  if (account.status === 'ready' && account.status_reason === 'enrollment_pending_client_agent') return true;
  const e = account.enrollment;
  return Boolean(account.client_agent_accepted && e.is_identity_verified && e.is_credit_check_submitted && e.has_payment_method);
}
