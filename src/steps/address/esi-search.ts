import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task, TaskStatus, initialState } from '@lit/task';
import { requestApi } from '../../contract/context.js';
import type { FlowApi } from '../../api/client.js';
import type { AddressSearchResult } from '../../api/types.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { esiIdDigits, esiIdProblem, type EsiIdProblem } from './esi-id.js';
import { AddressPickEvent } from './address-events.js';
import { esiIdSearch } from '../../api/address-search.js';
import { LocalizedElement } from '../../i18n/localization.js';

type Problem = EsiIdProblem | 'not_found' | 'format';

/**
 * @summary ESI ID search, the fallback when no address matches: validated in plain words, with a hint where the
 * number is printed.
 * @fires sf-address-pick - detail: the AddressSearchResult of the ESI ID.
 */
export class SfEsiSearch extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    _api: { state: true },
    _value: { state: true },
    _problem: { state: true },
    _submitted: { state: true },
    _failure: { state: true },
  };

  constructor() {
    super();
    requestApi(this, '_api');
  }

  static override styles = laterStepStyles;

  private _api?: FlowApi;

  private _value = '';
  private _problem: Problem | null = null;
  /** Errors show from the first submit on, then follow the typing so they vanish once the number is right. */
  private _submitted = false;
  private _failure: Failure | null = null;

  private _search = new Task<[string], AddressSearchResult>(this, {
    autoRun: false,
    task: async ([esiId], { signal }) => {
      this._failure = null;
      if (!this._api) throw new Error('sf-esi-search: no FlowApi provided');
      // Cancelled because the customer left this view (disconnectedCallback), even if an answer came anyway: no
      // pick, no error.
      try {
        const result = await esiIdSearch(this._api, esiId, signal);
        return signal.aborted ? initialState : result;
      } catch (error) {
        if (signal.aborted) return initialState;
        throw error;
      }
    },
    onComplete: (result) =>
      this.dispatchEvent(new AddressPickEvent(result)),
    onError: (error) => {
      const failure = toFailure(error, this);
      if (failure?.kind === 'refused' && failure.error.status === 404) this._problem = 'not_found';
      else if (failure?.kind === 'fields' || failure?.kind === 'refused') this._problem = 'format';
      else this._failure = failure;
      if (this._problem) this._focusInput();
      else if (failure?.kind === 'retry') this._focusRetry();
    },
  });

  /**
   * Off the page, the view was left (a suggestion picked, back to the form): a search still running is cancelled,
   * so its answer cannot pick a meter the customer did not choose.
   */
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._search.abort();
  }

  override render() {
    const busy = this._search.status === TaskStatus.PENDING;
    const problem = this._problem;
    return html`
      <form novalidate @submit=${this._submit} aria-labelledby="esi-heading">
        <h3 id="esi-heading">${msg('Search by ESI ID', { id: 'address.esi.heading' })}</h3>
        <div class="field">
          <label for="esi">${msg('ESI ID', { id: 'address.esi_id' })}</label>
          <p id="esi-hint" class="hint">
            ${msg(
              'The ESI ID (Electric Service Identifier) is your meter\'s number: 17 or 22 digits starting with 10, on an electricity bill for the address. Moving in? Your landlord or the previous resident may have one.',
              { id: 'address.esi.hint' },
            )}
          </p>
          <input
            id="esi"
            name="esi"
            inputmode="numeric"
            autocomplete="off"
            spellcheck="false"
            .value=${this._value}
            aria-invalid=${problem ? 'true' : 'false'}
            aria-describedby=${problem ? 'esi-hint esi-error' : 'esi-hint'}
            @input=${this._input}
          />
          <p id="esi-error" class="error" aria-live="polite">${problem ? this._problemText(problem) : nothing}</p>
        </div>
        ${renderRetryAlert(this._failure, () => void this._search.run([esiIdDigits(this._value)]), busy)}
        <div class="actions">
          <button type="submit" class="btn secondary" aria-disabled=${busy}>
            ${busy ? msg('Searching…', { id: 'address.searching' }) : msg('Find by ESI ID', { id: 'address.esi.search' })}
          </button>
        </div>
      </form>
    `;
  }

  private _problemText(problem: Problem): string {
    const count = esiIdDigits(this._value).length;
    switch (problem) {
      case 'required':
        return msg('Enter the ESI ID from your electricity bill.', { id: 'address.esi.required' });
      case 'digits':
        return msg('An ESI ID has digits only. Copy it from your bill without letters or other signs.', {
          id: 'address.esi.digits',
        });
      case 'length':
        return msg(str`An ESI ID has 17 or 22 digits and you entered ${count}. Check the number on your bill.`, {
          id: 'address.esi.length',
        });
      case 'prefix':
        return msg(
          'Texas ESI IDs start with 10. Check that you copied the ESI ID and not the account or meter number.',
          { id: 'address.esi.prefix' },
        );
      case 'not_found':
        return msg('We could not find a meter with this ESI ID. Check the number on your bill and try again.', {
          id: 'address.esi.not_found',
        });
      case 'format':
        return msg('This is not a valid ESI ID. Check the number on your electricity bill.', {
          id: 'address.esi.format',
        });
    }
  }

  private _input(e: InputEvent): void {
    this._value = (e.target as HTMLInputElement).value;
    if (this._submitted) this._problem = esiIdProblem(this._value);
  }

  private _submit(e: Event): void {
    e.preventDefault();
    // The button says it is busy (aria-disabled, so that it keeps focus): Enter held in the field submits again.
    if (this._search.status === TaskStatus.PENDING) return;
    this._submitted = true;
    this._problem = esiIdProblem(this._value);
    if (this._problem) {
      this._focusInput();
      return;
    }
    void this._search.run([esiIdDigits(this._value)]);
  }

  /**
   * The pressed button ("Find by ESI ID" or "Try again") was disabled while the search ran, which dropped focus to
   * the page (at the browser's next rendering: an answer before it finds focus still on that button): the alert's
   * "Try again" takes it, so the next Tab does not start from the top (WCAG 2.4.3).
   */
  private _focusRetry(): void {
    void this.updateComplete.then(() => {
      if (document.activeElement === document.body || (this.renderRoot as ShadowRoot).activeElement?.localName === 'button') this.renderRoot.querySelector<HTMLElement>('.alert button')?.focus();
    });
  }

  private _focusInput(): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('#esi')?.focus());
  }
}

customElements.define('sf-esi-search', SfEsiSearch);

declare global {
  interface HTMLElementTagNameMap {
    'sf-esi-search': SfEsiSearch;
  }
}
