/**
 * What happens after finalize, on the sandbox clock (business hours: clock.ts):
 *
 *   finalize ──0.5 bh──▶ verification done ──0.5 bh──▶ credit check ─┬─ SSN trigger ─▶ needs_attention/credit_*
 *   reviewing/verification_pending   reviewing/credit_check_pending   ├─ switch hold / deactivated premise
 *                                                                     │        ─▶ needs_attention/enrollment_blocked_*
 *                                                                     └─ submitted: activating/utility_submitted
 *   ──utility's switch time (1–71 bh)──▶ accepted ─┬─ utility-blocked premise ─▶ needs_attention/utility_blocked
 *                                                  ├─ start date ahead ─▶ scheduled/service_pending ─(start date)─┐
 *                                                  └────────────────────────────────────────────────────────────┴▶
 *   active/active (location.service_active) ──4 h──▶ usage history (location.usage_history_available)
 *
 * Finalize-to-acceptance is therefore 2 business hours (CenterPoint) to 72 (AEP North), the specification's range.
 * Steps run when the clock passes their due time: on every clock move and lazily before any request is served.
 */
import type { SandboxMilestone } from '../../../src/api/types.js';
import { addBusinessHours } from '../clock.js';
import { UTILITIES } from '../data/utilities.js';
import { fail } from '../http/errors.js';
import type { Store } from '../store/store.js';
import { contractEndDate, localDate, localToInstant } from '../time.js';
import type { AccountRecord, PipelineStage, StatusPair } from '../store/types.js';
import { statusOf } from './status.js';

const STAGES: readonly PipelineStage[] = ['verification', 'credit', 'utility', 'start', 'usage', 'done'];
export const STEP_BUSINESS_HOURS = 0.5;
export const USAGE_HISTORY_DELAY_MS = 4 * 3_600_000;

/** The last stage each milestone needs done (submission happens within the credit step when credit passes). */
const MILESTONE_STAGE: Record<SandboxMilestone, PipelineStage> = {
  verified: 'verification',
  credit_checked: 'credit',
  submitted: 'credit',
  active: 'start',
  usage: 'usage',
};

const index = (stage: PipelineStage): number => STAGES.indexOf(stage);

export class Progress {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Called by finalize: the enrollment enters review. */
  start(a: AccountRecord, at: number): void {
    a.progress = { status: 'reviewing', status_reason: 'verification_pending' };
    a.pipeline = { stage: 'verification', dueAt: addBusinessHours(at, STEP_BUSINESS_HOURS), halted: false };
  }

  /** Runs every step that is due by `now`, for every account. */
  runDue(now: number = this.#store.clock.nowMs()): void {
    for (const a of this.#store.accounts()) this.runAccount(a, now);
  }

  runAccount(a: AccountRecord, now: number): void {
    while (a.pipeline && !a.pipeline.halted && a.pipeline.stage !== 'done' && a.pipeline.dueAt <= now) {
      // A step happens at its due time, not at the moment the clock jumped past it.
      this.#step(a, a.pipeline.dueAt);
    }
  }

  /** Runs the remaining steps up to a milestone at once (sandbox/advance). */
  advance(a: AccountRecord, milestone: SandboxMilestone): void {
    const pipeline = a.pipeline;
    if (!pipeline) throw fail.unprocessable('to', 'range', 'The enrollment is not finalized yet; finalize it first');
    const target = index(MILESTONE_STAGE[milestone]);
    if (index(pipeline.stage) > target) return;
    if (pipeline.halted) {
      const { status, status_reason } = this.#statusOf(a);
      throw fail.unprocessable('to', 'range', `Background processing is stopped at ${status}/${status_reason}; force a status to continue`);
    }
    const now = this.#store.clock.nowMs();
    while (a.pipeline && !a.pipeline.halted && index(a.pipeline.stage) <= target) this.#step(a, now);
  }

  /**
   * A status forced by the sandbox controls stops the pipeline, except active, after which usage still arrives. A
   * cancelled status records when the account was cancelled (the first one: another cancelled reason changes only
   * the reason), which ends its service and billing and drops a renewal queued then (it never starts; its EFL and
   * TOS become historical, as a replaced contract's); any other status undoes the cancellation, but not the drop.
   */
  force(a: AccountRecord, pair: StatusPair, now: number): void {
    a.cancelledAt = pair.status === 'cancelled' ? (a.cancelledAt ?? now) : null;
    const queued = a.location?.queuedContract;
    if (queued && a.cancelledAt !== null) {
      a.pastContracts.push(queued);
      a.location!.queuedContract = null;
    }
    a.forced = pair;
    if (pair.status === 'active') {
      if (a.serviceActiveAt === null) this.#activate(a, now);
      else if (a.usageHistoryAt === null) a.pipeline = { stage: 'usage', dueAt: now + USAGE_HISTORY_DELAY_MS, halted: false };
      return;
    }
    if (a.pipeline && a.pipeline.stage !== 'done') a.pipeline.halted = true;
  }

  /**
   * The customer lifted the freeze of their credit file (sandbox/unfreeze-credit; the specification: "check retried
   * automatically … no partner action"): the check runs again at once, with the SSN it was submitted with, and
   * passes. Before finalize (the client agent flow, whose result shows then) the account is ready again once the rest
   * is done; after it, the enrollment goes on from the credit check. A status forced to the freeze ends the same way.
   */
  unfreezeCredit(a: AccountRecord, now: number): void {
    const { status, status_reason } = statusOf(a);
    if (status_reason !== 'credit_check_frozen') {
      throw fail.unprocessable('status_reason', 'range', `The credit file is not frozen: the account is ${status}/${status_reason}, not needs_attention/credit_check_frozen`);
    }
    if (!a.credit) {
      throw fail.unprocessable('enrollment.is_credit_check_submitted', 'range', 'No credit check was submitted: there is nothing to retry');
    }
    a.forced = null;
    a.credit = { ...a.credit, outcome: 'pass' };
    if (a.finalizedAt === null) return;
    a.progress = { status: 'reviewing', status_reason: 'credit_check_pending' };
    a.pipeline = { stage: 'credit', dueAt: now, halted: false };
    this.runAccount(a, now);
  }

  #statusOf(a: AccountRecord): StatusPair {
    return a.forced ?? a.progress ?? { status: 'applying', status_reason: 'enrollment_not_finalized' };
  }

  #halt(a: AccountRecord, reason: StatusPair['status_reason']): void {
    a.progress = { status: 'needs_attention', status_reason: reason };
    if (a.pipeline) a.pipeline.halted = true;
  }

  #step(a: AccountRecord, at: number): void {
    const pipeline = a.pipeline!;
    const location = a.location!;
    switch (pipeline.stage) {
      case 'verification':
        a.progress = { status: 'reviewing', status_reason: 'credit_check_pending' };
        a.pipeline = { stage: 'credit', dueAt: addBusinessHours(at, STEP_BUSINESS_HOURS), halted: false };
        return;
      case 'credit': {
        // No credit check submitted: the bureau finds nothing to check against.
        const outcome = a.credit?.outcome ?? 'credit_not_found';
        a.pipeline = { stage: 'utility', dueAt: at, halted: false };
        if (outcome !== 'pass') return this.#halt(a, outcome);
        if (location.trigger === 'switch_hold') return this.#halt(a, 'enrollment_blocked_switch_hold');
        if (location.trigger === 'deactivated') return this.#halt(a, 'enrollment_blocked_deactivated');
        a.progress = { status: 'activating', status_reason: 'utility_submitted' };
        a.pipeline.dueAt = addBusinessHours(at, UTILITIES[location.utility].switchBusinessHours);
        return;
      }
      case 'utility': {
        if (location.trigger === 'utility_blocked') {
          a.pipeline = { stage: 'start', dueAt: at, halted: false };
          return this.#halt(a, 'utility_blocked');
        }
        const startsAt = localToInstant(location.contract.startDate);
        if (startsAt > at) {
          a.progress = { status: 'scheduled', status_reason: 'service_pending' };
          a.pipeline = { stage: 'start', dueAt: startsAt, halted: false };
          return;
        }
        return this.#activate(a, at);
      }
      case 'start':
        return this.#activate(a, at);
      case 'usage':
        a.usageHistoryAt = at;
        a.pipeline = { stage: 'done', dueAt: at, halted: false };
        this.#store.emit(a, 'location.usage_history_available', { location_uuid: location.uuid });
        return;
      case 'done':
        return;
    }
  }

  /**
   * Service starts at `at`. A switch the utility accepted after the requested start date (AEP North, TNMP, AEP
   * Central with a start date tomorrow) starts that day: the contract, its webhook and billing all say so (the
   * Letter of Authorization keeps the date requested).
   */
  #activate(a: AccountRecord, at: number): void {
    const contract = a.location!.contract;
    const day = localDate(at);
    if (day > contract.startDate) {
      contract.requestedStartDate = contract.startDate;
      contract.startDate = day;
      contract.endDate = contractEndDate(day, contract.plan.term_months);
    }
    a.progress = { status: 'active', status_reason: 'active' };
    a.serviceActiveAt = at;
    a.pipeline = { stage: 'usage', dueAt: at + USAGE_HISTORY_DELAY_MS, halted: false };
    this.#store.emit(a, 'location.service_active', {
      location_uuid: a.location!.uuid,
      esi_id: a.location!.esiId,
      service_start_date: a.location!.contract.startDate,
    });
  }
}
