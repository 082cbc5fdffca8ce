/**
 * The renewal scope's pure functions: its steps, where a session resumes, and where a location stands for renewal
 * (the Location's `renewal.eligibility`, its contract and a queued renewal, or a 422's field code), which the steps
 * put in plain words. Because the service is the source of truth, a fresh link for a location that already renewed
 * opens on the first step, which shows the queued renewal.
 */
import type { Account, Contract, Location } from '../../api/types.js';

export type RenewalStep = 'renewal' | 'renewal-plans' | 'renewal-done';

export interface RenewalProgress {
  /** A renewal plan was accepted in this session: the done screen follows, and leaving completes. */
  accepted?: boolean;
}

/**
 * No numbered steps, no progress bar and no "Step 1 of 2": how many screens a renewal takes is known only once its
 * first step has read the location (too early, or already renewed, is one screen that says so and closes), never from
 * the account the root numbers steps by. Back from the plans is a completion of its own (`back`), as the billing
 * views' ways back are.
 */
export const RENEWAL_STEPS: readonly RenewalStep[] = [];

export function renewalCurrent(_account: Account, progress: RenewalProgress): RenewalStep {
  return progress.accepted ? 'renewal-done' : 'renewal';
}

/** What the renewal steps hand up in `sf-step-complete`'s `data`. */
export interface RenewalData {
  /** This session's renewal is queued (accepted, or found queued after a reload). */
  renewed?: boolean;
  /** With `renewed`: the plans step already said which plan is queued, so it closes. */
  said?: boolean;
  /** The plans step's Back: to the current plan. */
  back?: boolean;
}

/**
 * Where a completed step leads: the current plan → the plans → (accepted) done → close; the plans' Back → the current
 * plan; the current plan straight to done when the renewal queued is one this session sent (an acceptance whose
 * answer was lost, then a reload). `said`: the plans step already said what is queued (a plan this session accepted
 * earlier, whose answer was lost), so it closes, completed.
 */
export function renewalComplete(
  step: string,
  { renewed, said, back }: RenewalData,
  progress: RenewalProgress,
): { step: RenewalStep; progress: RenewalProgress } | 'close' {
  if (step === 'renewal-done') return 'close';
  if (renewed) return said ? 'close' : { step: 'renewal-done', progress: { ...progress, accepted: true } };
  return { step: back ? 'renewal' : 'renewal-plans', progress };
}

export const renewalExit = (progress: RenewalProgress): 'completed' | 'exited' => (progress.accepted ? 'completed' : 'exited');

/** Where the location stands for renewal. */
export type RenewalStanding =
  /** Not enrolled yet: no location, so no contract to renew. */
  | { kind: 'no_location' }
  /** The account's service is not active (before activation, or cancelled). */
  | { kind: 'not_active' }
  /** Too early: renewal opens on `opensOn`, 60 days before the contract ends. */
  | { kind: 'not_yet_eligible'; opensOn: string; endDate: string }
  /** A renewal is already queued (final: a second acceptance is refused). */
  | { kind: 'already_renewed'; queued: Contract | null }
  /** Renewal plans are offered; `monthToMonth`: the contract has ended and the customer picks a start date. */
  | { kind: 'eligible'; monthToMonth: boolean };

/**
 * From the account and its location (null when the account has none): the Location's own `renewal` when the
 * service sends it, else the same rules from the status, the queued contract and the contract.
 */
export function renewalStanding(account: Account, location: Location | null): RenewalStanding {
  if (!account.location_uuid || !location) return { kind: 'no_location' };
  const { contract, queued_contract: queued = null, renewal } = location;
  const eligibility =
    renewal?.eligibility ?? (account.status !== 'active' ? 'not_active' : queued ? 'already_renewed' : 'eligible');
  switch (eligibility) {
    case 'not_active': return { kind: 'not_active' };
    case 'already_renewed': return { kind: 'already_renewed', queued };
    case 'not_yet_eligible': return { kind: 'not_yet_eligible', opensOn: renewal?.opens_on ?? '', endDate: contract.end_date };
    case 'eligible': return { kind: 'eligible', monthToMonth: contract.status === 'expired' };
  }
}

/** The standing a 422's field code names (renewal/plans or renewal/accept refused for eligibility), or null. */
export function standingOfRefusal(
  fields: readonly { field: string; code: string }[],
  location: Location | null,
): Exclude<RenewalStanding, { kind: 'eligible' } | { kind: 'no_location' }> | null {
  const codes = new Set(fields.map((f) => f.code));
  if (codes.has('not_active')) return { kind: 'not_active' };
  if (codes.has('already_renewed')) return { kind: 'already_renewed', queued: location?.queued_contract ?? null };
  if (codes.has('not_yet_eligible')) return { kind: 'not_yet_eligible', opensOn: location?.renewal?.opens_on ?? '', endDate: location?.contract.end_date ?? '' };
  return null;
}
