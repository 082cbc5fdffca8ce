/**
 * What the steps after the first screen share beyond StepElement, kept off the first screen (the address form is on
 * it and needs none of this), as their styles are (later-step.styles.ts).
 */
import type { PropertyDeclarations, PropertyValues } from 'lit';
import type { StepDraft } from '../../contract/context.js';
import type { Account } from '../../api/types.js';
import { ExitRequestEvent, StepBackEvent, StepCompleteEvent, type StepData } from '../../contract/events.js';
import { isClientAgent } from '../../contract/enrollment.js';
import { StepElement } from './step-element.js';

export abstract class LaterStep<D extends StepDraft = StepDraft> extends StepElement<D> {
  static override properties: PropertyDeclarations = {
    clientAgent: { attribute: false },
  };

  /** Derived from the account when absent; set to override it (tests, embedding without the root). */
  clientAgent?: boolean;

  protected get isClientAgent(): boolean {
    return this.clientAgent ?? (this.account ? isClientAgent(this.account) : false);
  }

  protected back(): void {
    this.dispatchEvent(new StepBackEvent());
  }

  protected exit(): void {
    this.dispatchEvent(new ExitRequestEvent());
  }

  /** Moves focus to a view heading after an in-step view change (the root focuses the step's h1 on arrival). */
  protected async focusHeading(selector = 'h2[tabindex="-1"], h1[tabindex="-1"]'): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  /**
   * Completed while off the page (its request answered after the step left it): told once the step is back, so what
   * the service did is never lost nor asked for a second time.
   */
  protected held?: StepCompleteEvent;

  /** A failure's "Try again" was on screen at the last update. */
  private _alerted = false;

  /** The side effect last sent (see `sending`). */
  private _sent?: Promise<unknown>;

  /**
   * A side effect sent (a plan accepted, a card saved, a renewal, a finalize): leaving while it runs waits for it
   * (`sf-leaving`, which the root fires on its shadow root when its close button is pressed, before it asks the exit
   * question or closes), so that what the service did is shown and told to the host rather than a close as left.
   * Without a promise: leaving asks the step what to wait for (`leaving`).
   */
  protected sending(sent?: Promise<unknown>): void {
    this._sent = sent;
    this.getRootNode().addEventListener('sf-leaving', this._onLeaving);
  }

  /**
   * Adds what leaving waits for (settled either way). A step the flow has left (its next screen on) is not asked: only
   * what it sent is waited for, never a new request (its view may still say it waits, and would look again).
   */
  private readonly _onLeaving = (e: Event) =>
    (e as CustomEvent<Array<Promise<unknown>>>).detail.push(Promise.resolve(this.isConnected ? this.leaving() : this._sent).catch(() => undefined));

  /** What leaving waits for: the side effect last sent; a step may first send it again (its answer was lost). */
  protected leaving(): Promise<unknown> | undefined {
    return this._sent;
  }

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
   * Focus is not lost to the page. A pressed button disabled while its request ran (or removed with the alert it was
   * in) leaves focus on the body, at the browser's next rendering: an answer that came before it finds focus still on
   * that button (disabled, or enabled again). Then a failure's new "Try again" takes it; after "Try again" worked (the
   * failure's alert, or a refusal, and the button gone), the step's heading, so a screen reader goes on from the top of
   * what loaded; a refusal (an alert without a button, refusal.ts), the refusal, so it is read where it is. Focus reads
   * it: it stops being an alert first (in the same task, before assistive technology sees it), or it would be said
   * twice. A refusal that gets no focus stays an alert, so it is still said.
   */
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const root = this.renderRoot as ShadowRoot;
    const alerted = root.querySelector('.alert button, .refusal') !== null;
    if (document.activeElement === document.body || (alerted && !this._alerted && root.activeElement?.localName === 'button')) {
      const to = root.querySelector<HTMLElement>('.alert button') ?? root.querySelector<HTMLElement>(this._alerted && !alerted ? '#step-heading' : '.refusal');
      to?.removeAttribute('role');
      to?.focus();
    }
    this._alerted = alerted;
  }
}
