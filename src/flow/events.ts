/**
 * The events steps send up to the root (all `bubbles: true, composed: true`, so they cross every shadow root).
 * Steps report facts ("the address is confirmed", "the user wants to leave"); the root decides where to go.
 *
 * A step may dispatch either these classes or a plain CustomEvent with the same name and detail: the root only reads
 * `event.detail`.
 */
import type { ApiError } from '../api/errors.js';
import type { Account, AddressSearchResult } from '../api/types.js';
import type { AcceptedPlan } from '../steps/plans/plans.js';

/** The enrollment steps, in order. */
export type StepName = 'address' | 'plans' | 'identity' | 'credit' | 'payment' | 'review' | 'done';

/** What a step hands to the root besides the updated account. */
export interface StepData {
  /** Address step: the confirmed address, exactly as the service returned it (with its ESI ID). */
  address?: AddressSearchResult;
  /** Plans step: the plan just accepted (its name and start date are not on the account). */
  plan?: AcceptedPlan;
  /** Review step: finalized (the account may not show it yet). */
  finalized?: boolean;
  /** Review step: the user chose to fix this missing item; the root routes there. */
  goTo?: StepName;
  [key: string]: unknown;
}

export interface StepCompleteDetail {
  step: StepName;
  /** The account returned by the step's last call, when it changed it; the root re-reads it otherwise. */
  account?: Account;
  data?: StepData;
}

const init = <T>(detail: T): CustomEventInit<T> => ({ detail, bubbles: true, composed: true });

export class StepCompleteEvent extends CustomEvent<StepCompleteDetail> {
  static readonly eventName = 'sf-step-complete';
  constructor(detail: StepCompleteDetail) {
    super(StepCompleteEvent.eventName, init(detail));
  }
}

export class StepBackEvent extends CustomEvent<undefined> {
  static readonly eventName = 'sf-step-back';
  constructor() {
    super(StepBackEvent.eventName, init(undefined));
  }
}

export class ExitRequestEvent extends CustomEvent<undefined> {
  static readonly eventName = 'sf-exit-request';
  constructor() {
    super(ExitRequestEvent.eventName, init(undefined));
  }
}

export interface ApiErrorDetail {
  error: ApiError;
}

/** For errors a step cannot handle itself (401, 403): the root shows the expired or error screen. */
export class ApiErrorEvent extends CustomEvent<ApiErrorDetail> {
  static readonly eventName = 'sf-api-error';
  constructor(error: ApiError) {
    super(ApiErrorEvent.eventName, init({ error }));
  }
}

export interface PlansViewedDetail {
  plan_uuids: string[];
}

/**
 * The plans step, after recording `plans_viewed`: tells the root which plans the user saw, so that leaving from
 * then on asks the opt-out question and the opt-out event names the same plans.
 */
export class PlansViewedEvent extends CustomEvent<PlansViewedDetail> {
  static readonly eventName = 'sf-plans-viewed';
  constructor(detail: PlansViewedDetail) {
    super(PlansViewedEvent.eventName, init(detail));
  }
}

export interface OptOutConfirmedDetail {
  reason?: string;
  label?: string;
}

/** sf-opt-out, after recording `enrollment_opt_out`. */
export class OptOutConfirmedEvent extends CustomEvent<OptOutConfirmedDetail> {
  static readonly eventName = 'sf-opt-out-confirmed';
  constructor(detail: OptOutConfirmedDetail = {}) {
    super(OptOutConfirmedEvent.eventName, init(detail));
  }
}

/** sf-opt-out: the user chose to stay. */
export class OptOutCancelledEvent extends CustomEvent<undefined> {
  static readonly eventName = 'sf-opt-out-cancelled';
  constructor() {
    super(OptOutCancelledEvent.eventName, init(undefined));
  }
}

declare global {
  interface HTMLElementEventMap {
    'sf-step-complete': StepCompleteEvent;
    'sf-step-back': StepBackEvent;
    'sf-exit-request': ExitRequestEvent;
    'sf-api-error': ApiErrorEvent;
    'sf-plans-viewed': PlansViewedEvent;
    'sf-opt-out-confirmed': OptOutConfirmedEvent;
    'sf-opt-out-cancelled': OptOutCancelledEvent;
  }
}
