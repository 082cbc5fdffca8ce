/**
 * What the steps after the first screen share beyond StepElement, kept off the first screen (the address form is on
 * it and needs none of this), as their styles are (later-step.styles.ts).
 */
import type { PropertyValues } from 'lit';
import type { StepDraft } from '../../contract/context.js';
import type { Account } from '../../api/types.js';
import { StepCompleteEvent, type StepData } from '../../contract/events.js';
import { StepElement } from './step-element.js';

export abstract class LaterStep<D extends StepDraft = StepDraft> extends StepElement<D> {
  /**
   * Completed while off the page (the exit question over the step, its request answered meanwhile): told once the
   * step is back ("Stay"), so what the service did is never lost nor asked for a second time.
   */
  protected held?: StepCompleteEvent;

  /** A failure's "Try again" was on screen at the last update. */
  private _alerted = false;

  protected override complete(detail: { account?: Account; data?: StepData } = {}): void {
    const done = new StepCompleteEvent({ step: this.stepName, ...detail });
    if (this.isConnected) this.dispatchEvent(done);
    else this.held = done;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const held = this.held;
    this.held = undefined;
    if (held) this.dispatchEvent(held);
  }

  /**
   * After "Try again" worked, the alert and its button are gone and focus with them (to the page): it goes to the
   * step's heading, so a screen reader goes on from the top of what loaded rather than from nowhere.
   */
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const alerted = this.renderRoot.querySelector('.alert button') !== null;
    if (this._alerted && !alerted && document.activeElement === document.body) this.renderRoot.querySelector<HTMLElement>('#step-heading')?.focus();
    this._alerted = alerted;
  }
}
