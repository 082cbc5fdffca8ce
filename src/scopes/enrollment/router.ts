/**
 * The enrollment router: pure functions from server state (the account) plus what this session did, to the step to
 * show. Because the server is the source of truth, a reload or a fresh link resumes at the first unfinished step.
 */
import type { Account, AddressSearchResult } from '../../api/types.js';
import { isClientAgent, type AcceptedPlan, type StepName } from '../../contract/enrollment.js';

export { isClientAgent };

/** What this session did that the account does not (yet) show. */
export interface SessionProgress {
  /** The address the user confirmed in this session; plans are requested for it next. */
  address?: AddressSearchResult | null;
  /** The plan accepted in this session, for the review and done steps to name (routing does not use it). */
  plan?: AcceptedPlan | null;
  /** The review step reported a successful finalize (the account may not have been re-read yet). */
  finalized?: boolean;
  /** The plans step was shown in this session: leaving asks the opt-out question from then on. */
  sawPlans?: boolean;
}

export const STANDARD_STEPS: readonly StepName[] = ['address', 'plans', 'identity', 'credit', 'payment', 'review'];
/** Client agent accounts did identity, credit and payment before the plan (the partner collected them). */
export const CLIENT_AGENT_STEPS: readonly StepName[] = ['address', 'plans', 'review'];

/** The numbered steps for this account (the done screen is not numbered). */
export function stepsFor(account: Account): readonly StepName[] {
  return isClientAgent(account) ? CLIENT_AGENT_STEPS : STANDARD_STEPS;
}

function addressDone(account: Account, progress: SessionProgress): boolean {
  // service_address is set by a plans request, so an earlier session that got as far as plans counts.
  return Boolean(progress.address) || Boolean(account.service_address);
}

function plansDone(account: Account, progress: SessionProgress): boolean {
  if (!account.enrollment.has_accepted_plan) return false;
  // The user went back and confirmed a different meter: the accepted plan was priced for another ESI ID.
  const confirmed = progress.address?.esi_id;
  return !confirmed || confirmed === account.service_address?.esi_id;
}

/** Whether `step` is finished for this account and session. */
export function isStepDone(step: StepName, account: Account, progress: SessionProgress = {}): boolean {
  const e = account.enrollment;
  switch (step) {
    case 'address': return addressDone(account, progress);
    case 'plans': return plansDone(account, progress);
    case 'identity': return e.is_identity_verified;
    case 'credit': return Boolean(e.is_credit_check_submitted);
    case 'payment': return e.has_payment_method;
    case 'review': return e.is_enrollment_finalized || Boolean(progress.finalized);
    case 'done': return false;
  }
}

/** The first unfinished step, or `done` once enrollment is finalized. */
export function nextStep(account: Account, progress: SessionProgress = {}): StepName {
  if (isStepDone('review', account, progress)) return 'done';
  for (const step of stepsFor(account)) {
    if (!isStepDone(step, account, progress)) return step;
  }
  return 'review';
}

/** The step Back leads to, or null where there is none (the first step, and after finalizing). */
export function previousStep(step: StepName, account: Account): StepName | null {
  if (step === 'done') return null;
  const steps = stepsFor(account);
  const index = steps.indexOf(step);
  return index > 0 ? steps[index - 1]! : null;
}

/** The step after `step` in order (for prefetching its code), or null. */
export function followingStep(step: StepName, account: Account): StepName | null {
  if (step === 'done') return null;
  const steps = stepsFor(account);
  const index = steps.indexOf(step);
  return index >= 0 && index < steps.length - 1 ? steps[index + 1]! : 'done';
}

/** 1-based position and count for "Step 2 of 6"; null for the done screen. */
export function stepPosition(step: StepName, account: Account): { index: number; total: number } | null {
  const steps = stepsFor(account);
  const index = steps.indexOf(step);
  return index < 0 ? null : { index: index + 1, total: steps.length };
}

/**
 * What leaving means at this point: after finalizing it is a completion; after the user saw plans, the opt-out
 * question comes first (the plans step reported them, or an earlier session requested or accepted plans);
 * otherwise it is a plain exit.
 */
export function exitOutcome(account: Account, progress: SessionProgress, sawPlans: boolean): 'completed' | 'opt-out' | 'exited' {
  if (isStepDone('review', account, progress)) return 'completed';
  if (sawPlans || account.enrollment.has_accepted_plan || account.service_address) return 'opt-out';
  return 'exited';
}
