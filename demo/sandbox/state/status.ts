/**
 * The account's status/status_reason and enrollment flags, derived from what the account has done, so they can
 * never disagree with each other. Before finalization the pair follows progress through the enrollment steps; after
 * it, the background pipeline (pipeline.ts) sets it; a status forced through the sandbox controls wins over both.
 */
import type { Enrollment } from '../../../src/api/types.js';
import type { AccountRecord, StatusPair } from '../store/types.js';

export function isIdentityComplete(a: AccountRecord): boolean {
  return Boolean(a.first_name && a.last_name && a.phone && a.email && a.date_of_birth);
}

export function enrollmentOf(a: AccountRecord): Enrollment {
  const has_accepted_plan = a.location !== null;
  const has_payment_method = a.card !== null;
  const is_identity_verified = isIdentityComplete(a);
  const is_enrollment_finalized = a.finalizedAt !== null;
  return {
    has_accepted_plan,
    has_payment_method,
    is_identity_verified,
    is_credit_check_submitted: a.credit !== null,
    is_enrollment_finalized,
    can_finalize_enrollment: has_accepted_plan && has_payment_method && is_identity_verified && !is_enrollment_finalized,
    finalized_at: a.finalizedAt === null ? null : new Date(a.finalizedAt).toISOString(),
    is_service_active: a.serviceActiveAt !== null,
    has_usage_history: a.usageHistoryAt !== null,
  };
}

/** The finalize prerequisites that are not met, as the field paths the 422 names. */
export function missingForFinalize(a: AccountRecord): string[] {
  const e = enrollmentOf(a);
  const missing: string[] = [];
  if (e.is_enrollment_finalized) missing.push('enrollment.is_enrollment_finalized');
  if (!e.has_accepted_plan) missing.push('enrollment.has_accepted_plan');
  if (!e.is_identity_verified) missing.push('enrollment.is_identity_verified');
  if (!e.has_payment_method) missing.push('enrollment.has_payment_method');
  return missing;
}

export function isClientAgentAccount(a: AccountRecord): boolean {
  return a.clientAgentAcceptedAt !== null;
}

export function statusOf(a: AccountRecord): StatusPair {
  if (a.forced) return a.forced;
  if (a.finalizedAt !== null && a.progress) return a.progress;
  const e = enrollmentOf(a);
  // Client agent preapproval: everything but the plan first; the credit check result shows before finalization.
  if (isClientAgentAccount(a) && !e.has_accepted_plan) {
    if (a.credit && a.credit.outcome !== 'pass') return { status: 'needs_attention', status_reason: a.credit.outcome };
    const hasAddress = a.serviceAddress !== null || a.preliminary_address !== null;
    if (hasAddress && e.is_identity_verified && a.credit?.outcome === 'pass' && e.has_payment_method) {
      return { status: 'ready', status_reason: 'enrollment_pending_client_agent' };
    }
  }
  if (!e.has_accepted_plan) {
    if (a.serviceAddress) return { status: 'applying', status_reason: 'plan_not_accepted' };
    return a.preliminary_address
      ? { status: 'created', status_reason: 'unresolved' }
      : { status: 'created', status_reason: 'missing_address' };
  }
  if (!e.is_identity_verified) return { status: 'applying', status_reason: 'missing_identity' };
  if (!e.has_payment_method) return { status: 'applying', status_reason: 'missing_payment_method' };
  return { status: 'applying', status_reason: 'enrollment_not_finalized' };
}
