/**
 * The events about leaving after seeing plans (all `bubbles: true, composed: true`): the plans step reports which
 * plans the user saw, so that leaving from then on asks the opt-out question; `sf-opt-out` reports the answer. Apart
 * from events.ts because the first screen never sends them, and events.ts travels in the first screen's chunk.
 */

import type { Account } from '../api/types.js';

const init = <T>(detail: T): CustomEventInit<T> => ({ detail, bubbles: true, composed: true });

export interface PlansViewedDetail {
  plan_uuids: string[];
  /** The account as the service has it now (the exit question reads it: asking for the plans changed its status). */
  account?: Account | undefined;
}

/**
 * The plans step, after recording `plans_viewed`: tells the root which plans the user saw, so that leaving from
 * then on asks the opt-out question and the opt-out event names the same plans. The question says it again with the
 * account read as it is asked.
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
    'sf-plans-viewed': PlansViewedEvent;
    'sf-opt-out-confirmed': OptOutConfirmedEvent;
    'sf-opt-out-cancelled': OptOutCancelledEvent;
  }
}
