import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { fullAddressSearch, type FullAddressSearchRequest } from '../../api/client.js';
import type { AddressSearchResult } from '../../api/types.js';
import type { StepDraft } from '../../contract/context.js';
import { laterStrings } from '../../i18n/localization.js';
import { StepElement } from '../shared/step-element.js';
import { stepStyles } from '../shared/step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { fieldCodes, renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { addressFormStyles } from './address-form.styles.js';
import { zip5 } from './zip.js';
import type { AddressChangeEvent, AddressPickEvent } from './address-events.js';

export interface AddressDraft extends StepDraft {
  address_1?: string;
  address_2?: string;
  postal_code?: string;
  /** The result on the confirmation view, so Back from the plans step returns to it. */
  selected?: AddressSearchResult;
  /** The preliminary address is searched once per session, not on every return to the step. */
  autoSearched?: boolean;
}

type View = 'form' | 'choose' | 'lookup' | 'confirm';
type FieldProblem = 'required' | 'zip';

const VIEW_TAGS = { choose: 'sf-address-choice', lookup: 'sf-address-lookup', confirm: 'sf-address-confirm' } as const;

let views: Promise<unknown> | undefined;

/**
 * The views after the form (address-views.ts, a chunk of their own) with their strings in a language other than
 * English (not the first screen's), loaded once; a failed load (offline) may be retried.
 */
function loadViews(): Promise<unknown> {
  views ??= Promise.all([import('./address-views.js'), laterStrings()]).catch((error: unknown) => {
    views = undefined;
    throw error;
  });
  return views;
}

/**
 * @summary Address step: full address search first, several meters as a choice, type-ahead and ESI ID search as
 * the fallback, and a confirmation of the address and ESI ID exactly as the service returned them.
 * @fires sf-step-complete - `{ step: 'address', data: { address } }` when the customer confirms.
 * @fires sf-api-error - 401/403 for the root.
 * @csspart card - the confirmation card.
 * @csspart alert - error alerts.
 */
export class SfStepAddress extends StepElement<AddressDraft> {
  static override styles = [...stepStyles, addressFormStyles];
  static override properties: PropertyDeclarations = {
    _view: { state: true },
    _results: { state: true },
    _problems: { state: true },
    _failure: { state: true },
    _noMatch: { state: true },
    _busy: { state: true },
  };

  private _view: View = 'form';
  private _results: AddressSearchResult[] = [];
  private _problems: { street?: FieldProblem; zip?: FieldProblem } = {};
  private _failure: Failure | null = null;
  /** The last search found nothing: the lookup view says so. */
  private _noMatch = false;
  private _busy = false;

  /**
   * The running search. A plain async method with an AbortController rather than @lit/task, which the later steps
   * use: this step is on the first screen, whose JavaScript budget is 20 KB gzip, and @lit/task would add about
   * 0.6 KB to it for one request. The behaviour is the same: a new search aborts the one before, a running search
   * disables its button, and its errors go through toFailure like every step's.
   */
  private _search?: AbortController;

  override connectedCallback(): void {
    super.connectedCallback();
    const d = this.draft;
    const account = this.account;
    // Entries typed earlier win; then the meter confirmed in an earlier session; then the partner's suggestion.
    if (d.selected) {
      this._select(d.selected);
      return;
    }
    if (d.address_1 === undefined && account?.service_address) {
      this._prefill(account.service_address);
      this._select(account.service_address);
      return;
    }
    if (d.address_1 === undefined && account?.preliminary_address) this._prefill(account.preliminary_address);
    if (!d.autoSearched && account?.preliminary_address && d.address_1 && d.postal_code) {
      d.autoSearched = true;
      void this._runSearch();
    }
  }

  private _prefill(a: { address_1: string; address_2?: string | null; postal_code?: string }): void {
    this.draft.address_1 = a.address_1;
    this.draft.address_2 = a.address_2 ?? '';
    this.draft.postal_code = a.postal_code ?? '';
  }

  protected override firstUpdated(): void {
    // The views after the form are needed as soon as a search returns: fetch them while the customer types.
    if ('requestIdleCallback' in window) requestIdleCallback(() => void loadViews().catch(() => undefined), { timeout: 2000 });
    else setTimeout(() => void loadViews().catch(() => undefined), 200);
  }

  override render() {
    const busy = this._busy;
    return html`
      ${stepHeading(msg('Where do you need electricity?', { id: 'address.heading' }))}
      ${this._renderView(busy)}
      <p class="sr-only" role="status">
        ${busy ? msg('Searching for your address…', { id: 'address.status.searching' }) : ''}
      </p>
    `;
  }

  private _renderView(busy: boolean) {
    const view = this._view;
    // A view whose code has not arrived yet renders once it has (it is usually there long before it is needed).
    if (view !== 'form' && !customElements.get(VIEW_TAGS[view])) {
      void loadViews().then(
        () => this.requestUpdate(),
        (error: unknown) => this._viewsFailed(error),
      );
      return nothing;
    }
    switch (view) {
      case 'confirm':
        return html`<sf-address-confirm
          .result=${this.draft.selected}
          @sf-address-confirm=${this._confirm}
          @sf-address-change=${this._change}
        ></sf-address-confirm>`;
      case 'choose':
        return html`<sf-address-choice
          .results=${this._results}
          @sf-address-pick=${(e: AddressPickEvent) => this._select(e.address, true)}
          @sf-address-change=${this._change}
        ></sf-address-choice>`;
      case 'lookup':
        return html`<sf-address-lookup
          .entries=${this.draft}
          .noMatch=${this._noMatch}
          @sf-address-pick=${(e: AddressPickEvent) => this._select(e.address, true)}
          @sf-address-change=${this._change}
        ></sf-address-lookup>`;
      default:
        return this._renderForm(busy);
    }
  }

  private _renderForm(busy: boolean) {
    const d = this.draft;
    const p = this._problems;
    return html`
      <p class="lead">
        ${msg('Enter the address where you want service. We will find the electricity meter for it.', {
          id: 'address.lead',
        })}
      </p>
      ${renderRetryAlert(this._failure, () => void this._runSearch(), busy)}
      <form novalidate @submit=${this._submit}>
        <div class="field">
          <label for="street">${msg('Street address', { id: 'address.street' })}</label>
          <input
            id="street"
            name="street"
            autocomplete="address-line1"
            maxlength="200"
            .value=${d.address_1 ?? ''}
            aria-invalid=${p.street ? 'true' : 'false'}
            aria-describedby=${p.street ? 'street-error' : nothing}
            @input=${(e: InputEvent) => this._edit('address_1', e)}
          />
          <p id="street-error" class="error" aria-live="polite">${p.street ? msg('Enter your street address, for example 1200 Main St.', { id: 'address.street.required' }) : ''}</p>
        </div>
        <div class="field">
          <label for="unit">
            ${msg('Apartment or unit', { id: 'address.unit' })}
            <span class="muted">(${msg('optional', { id: 'field.optional' })})</span>
          </label>
          <input
            id="unit"
            name="unit"
            autocomplete="address-line2"
            maxlength="200"
            .value=${d.address_2 ?? ''}
            @input=${(e: InputEvent) => this._edit('address_2', e)}
          />
        </div>
        <div class="field">
          <label for="zip">${msg('ZIP code', { id: 'address.zip' })}</label>
          <input
            id="zip"
            name="zip"
            class="zip"
            inputmode="numeric"
            autocomplete="postal-code"
            .value=${d.postal_code ?? ''}
            aria-invalid=${p.zip ? 'true' : 'false'}
            aria-describedby=${p.zip ? 'zip-error' : nothing}
            @input=${(e: InputEvent) => this._edit('postal_code', e)}
          />
          <p id="zip-error" class="error" aria-live="polite">${p.zip ? msg('Enter the 5-digit ZIP code, for example 77002.', { id: 'address.zip.invalid' }) : ''}</p>
        </div>
        <div class="actions">
          <button type="button" class="btn link" @click=${() => this._openLookup(false)}>
            ${msg('Search another way', { id: 'address.other_way' })}
          </button>
          <button type="submit" class="btn primary" ?disabled=${busy}>
            ${busy ? msg('Searching…', { id: 'address.searching' }) : msg('Find my address', { id: 'address.search' })}
          </button>
        </div>
      </form>
    `;
  }

  private _edit(key: 'address_1' | 'address_2' | 'postal_code', e: InputEvent): void {
    const value = (e.target as HTMLInputElement).value;
    this.draft[key] = value;
    // A search still running is for the address before this change: its answer must not take over.
    this._search?.abort();
    // Once a field was flagged, re-check it as the customer fixes it so the error disappears at the right moment.
    if (key === 'address_1' && this._problems.street && value.trim()) this._problems = { ...this._problems, street: undefined };
    if (key === 'postal_code' && this._problems.zip && zip5(value)) this._problems = { ...this._problems, zip: undefined };
  }

  private _submit(e: Event): void {
    e.preventDefault();
    const d = this.draft;
    const problems: typeof this._problems = {};
    if (!d.address_1?.trim()) problems.street = 'required';
    if (!zip5(d.postal_code ?? '')) problems.zip = 'zip';
    this._problems = problems;
    if (problems.street || problems.zip) {
      return this._focus(problems.street ? '#street' : '#zip');
    }
    void this._runSearch();
  }

  private async _runSearch(): Promise<void> {
    const d = this.draft;
    const input: FullAddressSearchRequest = { address_1: d.address_1!.trim(), postal_code: zip5(d.postal_code!)! };
    if (d.address_2?.trim()) input.address_2 = d.address_2.trim();
    this._search?.abort();
    const search = (this._search = new AbortController());
    this._busy = true;
    this._failure = null;
    try {
      const results = await fullAddressSearch(this.api, input, search.signal);
      if (!search.signal.aborted) this._showResults(results);
    } catch (error) {
      if (search.signal.aborted) return;
      const failure = toFailure(error, this);
      const codes = fieldCodes(failure);
      const street = codes.has('address_1');
      const zip = codes.has('postal_code');
      // Refused for what the form cannot point at (the unit, or no field): the search another way, which says the
      // exact address was not found, is where the customer can go on.
      if (!street && !zip && (failure?.kind === 'fields' || failure?.kind === 'refused')) return this._openLookup(true);
      this._failure = failure;
      this._problems = { street: street ? 'required' : undefined, zip: zip ? 'zip' : undefined };
      this._focus('.alert button');
    } finally {
      if (this._search === search) this._busy = false;
    }
  }

  /** The views' code could not load (offline): back to the form, with the network alert and its "Try again". */
  private _viewsFailed(error: unknown): void {
    if (this._view === 'form') return;
    this._view = 'form';
    // A chunk that failed to load is no API error: sorted as "retry", as toFailure sorts every such error.
    this._failure = toFailure(error, this);
    this._focus('.alert button');
  }

  /**
   * Focuses what `selector` finds once rendered: a field to fix; a failure's "Try again" (`.alert button`), which
   * takes focus the button pressed (disabled while the search ran, or gone with the view it was in) would otherwise
   * leave to the page at the browser's next rendering: the next Tab would start from the top (WCAG 2.4.3).
   */
  private _focus(selector: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(selector)?.focus());
  }

  private _showResults(results: AddressSearchResult[]): void {
    this._results = results;
    if (results.length === 1) {
      this._select(results[0]!, true);
    } else if (results.length > 1) {
      this._view = 'choose';
      void this._focusChild('sf-address-choice');
    } else {
      this._openLookup(true);
    }
  }

  private _select(result: AddressSearchResult, moveFocus?: boolean): void {
    this.draft.selected = result;
    this._view = 'confirm';
    if (moveFocus) void this._focusChild('sf-address-confirm');
  }

  private _openLookup(noMatch: boolean): void {
    // "Search another way" while a search runs: its answer must not take over the view the customer went to.
    this._search?.abort();
    this._noMatch = noMatch;
    this._view = 'lookup';
    void this._focusChild('sf-address-lookup');
  }

  private _change(e: AddressChangeEvent): void {
    this.draft.selected = undefined;
    // "Choose another meter" (the confirmation of one chosen among several): that choice again.
    if (e.results) return this._showResults(e.results);
    this._view = 'form';
    this._failure = null;
    this._focus('#street');
  }

  private _confirm(): void {
    const address = this.draft.selected;
    if (address) this.complete({ data: { address } });
  }

  /** Focuses the heading of a sub-view (its one h2, focusable) once it has rendered (it may still be loading its code). */
  private async _focusChild(tag: string): Promise<void> {
    try {
      await loadViews();
    } catch {
      return; // _viewsFailed shows the alert
    }
    this.requestUpdate();
    await this.updateComplete;
    const child = this.renderRoot.querySelector(tag) as (HTMLElement & { updateComplete?: Promise<unknown> }) | null;
    await child?.updateComplete;
    child?.shadowRoot?.querySelector('h2')?.focus();
  }
}

customElements.define('sf-step-address', SfStepAddress);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-address': SfStepAddress;
  }
}
