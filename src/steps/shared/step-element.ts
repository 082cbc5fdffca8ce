/**
 * What every enrollment step has in common: the properties the root sets, the API from the context, and the small
 * event helpers. A base class rather than a mixin because every step is a LitElement anyway and legacy decorators
 * on mixins complicate the types for no gain.
 */
import { LitElement } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consumeApi, type StepDraft } from '../../contract/context.js';
import type { FlowApi } from '../../api/client.js';
import type { Account, FlowSession } from '../../api/types.js';
import { ExitRequestEvent, StepBackEvent, StepCompleteEvent, type StepName, type StepData } from '../../contract/events.js';
import { isClientAgent } from '../../contract/enrollment.js';

export abstract class StepElement<D extends StepDraft = StepDraft> extends LitElement {
  @consumeApi()
  @state()
  protected _api?: FlowApi;

  @property({ attribute: false }) account?: Account;
  @property({ attribute: false }) session?: FlowSession;
  /** The step's working copy kept by the root across Back/Continue; mutated in place. */
  @property({ attribute: false }) draft: D = {} as D;
  /** Set by the root; derived from the account when absent (tests, embedding without the root). */
  @property({ attribute: false }) clientAgent?: boolean;

  /** The step this element is, from its tag: `sf-step-<step>` (the scope declarations name them so). */
  protected get stepName(): StepName {
    return this.localName.slice('sf-step-'.length) as StepName;
  }

  protected get isClientAgent(): boolean {
    return this.clientAgent ?? (this.account ? isClientAgent(this.account) : false);
  }

  /** The API or a clear error: a step rendered without the root's provider is a programming error. */
  protected get api(): FlowApi {
    if (!this._api) throw new Error(`${this.localName}: no FlowApi provided (apiContext)`);
    return this._api;
  }

  protected complete(detail: { account?: Account; data?: StepData } = {}): void {
    this.dispatchEvent(new StepCompleteEvent({ step: this.stepName, ...detail }));
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
}
