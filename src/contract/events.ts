/**
 * The events steps send up to the root (all `bubbles: true, composed: true`, so they cross every shadow root).
 * Steps report facts ("the address is confirmed", "the user wants to leave"); the root decides where to go.
 *
 * A step may dispatch either these classes or a plain CustomEvent with the same name and detail: the root only reads
 * `event.detail`.
 */
import type { ApiError } from '../api/errors.js';
import type { Account } from '../api/types.js';
import type { StepData, StepName } from './enrollment.js';

export type { StepData, StepName };

export interface StepCompleteDetail {
  /** The step that completed: a step of the scope on screen (the root ignores a stale one). */
  step: string;
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

// The plans step's and sf-opt-out's events live in exit-events.ts: the first screen never sends them, and this
// module travels with it. Their types are re-exported here for whoever reads all the flow's events in one place.
export type {
  PlansViewedDetail,
  PlansViewedEvent,
  OptOutConfirmedDetail,
  OptOutConfirmedEvent,
  OptOutCancelledEvent,
} from './exit-events.js';

declare global {
  interface HTMLElementEventMap {
    'sf-step-complete': StepCompleteEvent;
    'sf-step-back': StepBackEvent;
    'sf-exit-request': ExitRequestEvent;
    'sf-api-error': ApiErrorEvent;
  }
}
