/**
 * What every step has in common, the address form on the first screen included: the properties the root sets, the
 * API from the context and the completion event. A base class rather than a mixin because
 * every step is a localized Lit element anyway. A step declares its own reactive properties in `static properties`
 * too: Lit merges them with these. What only the steps after the first screen use is in LaterStep (later-step.ts).
 */
import type { PropertyDeclarations } from 'lit';
import { LocalizedElement } from '../../i18n/localization.js';
import { requestApi, type StepDraft } from '../../contract/context.js';
import type { FlowApi } from '../../api/client.js';
import type { Account } from '../../api/types.js';
import { StepCompleteEvent, type StepName, type StepData } from '../../contract/events.js';

export abstract class StepElement<D extends StepDraft = StepDraft> extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    _api: { state: true },
    account: { attribute: false },
    draft: { attribute: false },
  };

  protected _api?: FlowApi;
  account?: Account;
  /** The step's working copy kept by the root across Back/Continue; mutated in place. */
  draft: D = {} as D;

  constructor() {
    super();
    requestApi(this, '_api');
  }

  /** The step this element is, from its tag: `sf-step-<step>` (the scope declarations name them so). */
  protected get stepName(): StepName {
    return this.localName.slice('sf-step-'.length) as StepName;
  }

  /** The API or a clear error: a step rendered without the root's provider is a programming error. */
  protected get api(): FlowApi {
    if (!this._api) throw new Error(`${this.localName}: no FlowApi provided (apiContext)`);
    return this._api;
  }

  protected complete(detail: { account?: Account; data?: StepData } = {}): void {
    this.dispatchEvent(new StepCompleteEvent({ step: this.stepName, ...detail }));
  }
}
