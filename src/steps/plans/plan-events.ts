/**
 * The events inside the plans step: a plan card says it was chosen, the acceptance form asks to accept. They bubble
 * within the step's shadow root only (not composed); the step reports to the root itself.
 */
import type { Plan } from '../../api/types.js';

/** A plan card's "Choose this plan". */
export class PlanSelectEvent extends Event {
  constructor() {
    super('sf-plan-select', { bubbles: true });
  }
}

/** The acceptance form, valid: accept `plan` from `startDate` (yyyy-mm-dd). */
export class PlanAcceptEvent extends Event {
  constructor(
    readonly plan: Plan,
    readonly startDate: string,
  ) {
    super('sf-plan-accept', { bubbles: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'sf-plan-select': PlanSelectEvent;
    'sf-plan-accept': PlanAcceptEvent;
  }
}
