import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task, TaskStatus, initialState } from '@lit/task';
import { requestApi } from '../../contract/context.js';
import type { FlowApi } from '../../api/client.js';
import type { AddressSearchResult } from '../../api/types.js';
import { isAbortError } from '../../api/errors.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { afterPress } from '../shared/after-press.js';
import { addressStyles } from './address.styles.js';
import { lookupStyles } from './address-lookup.styles.js';
import { AddressChangeEvent, AddressPickEvent } from './address-events.js';
import { oneLine } from './address-text.js';
import { zip5 } from './zip.js';
import { noMatchReason } from './no-match.js';
import './esi-search.js';
import { addressSearch } from '../../api/address-search.js';
import { LocalizedElement } from '../../i18n/localization.js';

/** The address form's entries (the step's draft). */
export interface AddressFormEntries {
  address_1?: string;
  address_2?: string;
  postal_code?: string;
}

const DEBOUNCE_MS = 300;
const MIN_QUERY = 3;
/** The service's longest query (and the field's). */
const MAX_QUERY = 200;
/** The service's most suggestions for one query: a large apartment building may have more. */
const MAX_RESULTS = 10;

/**
 * @summary The fallbacks of the address step: type-ahead search (an ARIA 1.2 combobox with a listbox popup and
 * aria-activedescendant, so focus stays in the input while arrow keys move through suggestions) and ESI ID search.
 * Loaded only when needed.
 * @fires sf-address-pick - detail: the chosen AddressSearchResult (to confirm next).
 * @fires sf-address-change - back to the address form.
 */
export class SfAddressLookup extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    _api: { state: true },
    entries: { attribute: false },
    noMatch: { type: Boolean },
    _open: { state: true },
    _active: { state: true },
    _failure: { state: true },
  };

  constructor() {
    super();
    requestApi(this, '_api');
  }

  static override styles = [...laterStepStyles, addressStyles, lookupStyles];

  private _api?: FlowApi;

  /**
   * What the customer typed in the form: its street and unit start the type-ahead, its ZIP code narrows the
   * suggestions when it is valid.
   */
  entries: AddressFormEntries = {};
  /** The full search found nothing: say so. */
  noMatch = false;

  private _open = false;
  private _active = -1;
  private _failure: Failure | null = null;

  private _timer?: ReturnType<typeof setTimeout>;
  private _lastQuery = '';

  private _suggest = new Task<[string], AddressSearchResult[]>(this, {
    autoRun: false,
    task: async ([query], { signal }) => {
      this._failure = null;
      if (!this._api) throw new Error('sf-address-lookup: no FlowApi provided');
      try {
        const zip = zip5(this.entries.postal_code ?? '');
        let results = await addressSearch(this._api, query, zip, signal);
        // The ZIP typed in the form may be the wrong one (that may be why the full search failed): widen once.
        if (!results.length && zip) results = await addressSearch(this._api, query, undefined, signal);
        // The service does not rank suggestions; a stable, readable order helps scanning.
        return [...results].sort((a, b) => oneLine(a).localeCompare(oneLine(b), undefined, { numeric: true }));
      } catch (error) {
        // Superseded by newer typing: not an error, just nothing to show.
        if (isAbortError(error)) return initialState;
        throw error;
      }
    },
    onComplete: (results) => {
      this._active = -1;
      this._open = results.length > 0 && this._hasFocus();
    },
    onError: (error) => {
      this._failure = toFailure(error, this);
      this._open = false;
    },
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this._timer);
    this._suggest.abort();
  }

  override firstUpdated(): void {
    // Start from what the customer already typed, so suggestions are ready when they reach the field. Not in
    // connectedCallback: this element is usually upgraded after the step rendered it (its chunk loads on demand),
    // and Lit restores the properties set before the upgrade (`entries`) only at the first update.
    // Once this update has finished: starting the task re-renders, which inside the update would schedule a second one.
    const query = this._startQuery;
    if (query.length < MIN_QUERY) return;
    void this.updateComplete.then(() => {
      if (this._suggest.status !== TaskStatus.INITIAL) return;
      this._lastQuery = query;
      void this._suggest.run([query]);
    });
  }

  /**
   * The form's street and unit as one line (the unit narrows a large building's suggestions to the apartment); the
   * street alone when both are longer than a query may be.
   */
  private get _startQuery(): string {
    const { address_1: street, address_2: unit } = this.entries;
    const line = (...parts: (string | undefined)[]) => parts.join(' ').trim().replace(/\s+/g, ' ');
    const both = line(street, unit);
    return both.length <= MAX_QUERY ? both : line(street).slice(0, MAX_QUERY);
  }

  private get _input(): HTMLInputElement | null {
    return this.renderRoot.querySelector<HTMLInputElement>('#q');
  }

  /** Back in the field (the pressed button goes while the search runs): the suggestions show there when they come. */
  private _retry(): void {
    this._input?.focus();
    void this._suggest.run([this._lastQuery]);
  }

  private _hasFocus(): boolean {
    return this.shadowRoot?.activeElement === this._input;
  }

  /** The suggestions for what the field says: none once it was cleared or shortened below a query. */
  private get _results(): AddressSearchResult[] {
    return this._suggest.status === TaskStatus.COMPLETE && this._lastQuery ? (this._suggest.value ?? []) : [];
  }

  override render() {
    const results = this._results;
    const active = this._open ? this._active : -1;
    return html`
      <h2 tabindex="-1">
        ${this.noMatch
          ? msg('We could not find that exact address', { id: 'address.lookup.no_match_heading' })
          : msg('Find your address another way', { id: 'address.lookup.heading' })}
      </h2>
      ${this.noMatch ? this._renderReason() : nothing}
      <p class="lead">
        ${this.noMatch
          ? msg('The utility may write your address differently. Start typing it and choose it from the suggestions, or search by the ESI ID on your bill.', {
              id: 'address.lookup.no_match_lead',
            })
          : msg('Start typing your address and choose it from the suggestions, or search by the ESI ID on your bill.', {
              id: 'address.lookup.lead',
            })}
      </p>
      <div class="field combo">
        <label id="q-label" for="q">${msg('Street address', { id: 'address.street' })}</label>
        <p id="q-hint" class="hint">
          ${msg('Type at least 3 characters, then use the arrow keys or tap to choose.', { id: 'address.lookup.hint' })}
        </p>
        <input
          id="q"
          type="text"
          role="combobox"
          autocomplete="off"
          spellcheck="false"
          maxlength=${MAX_QUERY}
          .value=${this._startQuery}
          aria-autocomplete="list"
          aria-expanded=${this._open ? 'true' : 'false'}
          aria-controls="q-list"
          aria-describedby="q-hint"
          aria-activedescendant=${active >= 0 ? `q-opt-${active}` : nothing}
          @input=${this._onInput}
          @keydown=${this._onKeydown}
          @blur=${() => afterPress(() => (this._open = false))}
          @focus=${() => (this._open = results.length > 0)}
        />
        <ul id="q-list" role="listbox" aria-labelledby="q-label" ?hidden=${!this._open}>
          ${results.map(
            (r, i) => html`<li
              id="q-opt-${i}"
              role="option"
              aria-selected=${i === active ? 'true' : 'false'}
              @pointerdown=${(e: Event) => e.preventDefault()}
              @click=${() => this._pick(r)}
            >
              ${oneLine(r)}
              <span class="meta">${msg('ESI ID', { id: 'address.esi_id' })} ${r.esi_id}${r.meter_description ? ` · ${r.meter_description}` : ''}</span>
            </li>`,
          )}
        </ul>
        <p class="hint" role="status">${this._statusText(results.length)}</p>
      </div>
      ${renderRetryAlert(this._failure, () => this._retry(), this._suggest.status === TaskStatus.PENDING)}
      <p class="or" aria-hidden="true">${msg('or', { id: 'address.lookup.or' })}</p>
      <sf-esi-search @sf-address-pick=${this._forward}></sf-esi-search>
      <div class="actions">
        <button type="button" class="btn link" @click=${this._change}>
          ${msg('Back to the address form', { id: 'address.lookup.back' })}
        </button>
      </div>
    `;
  }

  /** Why nothing matched, when the form's entries tell (a PO box, a ZIP code outside the market). */
  private _renderReason() {
    const reason = noMatchReason(this.entries.address_1, this.entries.postal_code);
    if (!reason) return nothing;
    let text: string;
    if (reason.kind === 'po_box') {
      text = msg('A PO box has no electricity meter. Enter the street address where you want service.', {
        id: 'address.lookup.po_box',
      });
    } else if (reason.kind === 'not_texas') {
      text = msg(str`ZIP code ${reason.zip} is not in Texas. We serve only the areas of Texas where customers choose their electricity provider.`, {
        id: 'address.lookup.not_texas',
      });
    } else {
      text = msg(str`In ZIP code ${reason.zip}, electricity usually comes from ${reason.utility}, whose customers cannot choose their provider. If yours does, we cannot serve this address.`, {
        id: 'address.lookup.no_choice',
      });
    }
    return html`<p class="alert">${text}</p>`;
  }

  private _statusText(count: number): string {
    if (this._suggest.status === TaskStatus.PENDING) return msg('Looking for addresses…', { id: 'address.lookup.pending' });
    // Nothing searched for (the field was cleared or shortened below a search): nothing failed to match either.
    if (this._suggest.status !== TaskStatus.COMPLETE || !this._lastQuery) return '';
    if (count === 0) {
      return msg('No addresses match. Check the spelling, type less of it, or search by ESI ID.', {
        id: 'address.lookup.none',
      });
    }
    if (count >= MAX_RESULTS) {
      return msg(str`${count} addresses shown, the most a search returns. If yours is not there, type more of it, such as the apartment number.`, {
        id: 'address.lookup.most',
      });
    }
    if (count === 1) return msg('1 address found. Press the down arrow to review it.', { id: 'address.lookup.one' });
    return msg(str`${count} addresses found. Use the up and down arrows to review them.`, { id: 'address.lookup.many' });
  }

  private _onInput(e: InputEvent): void {
    const query = (e.target as HTMLInputElement).value.trim();
    clearTimeout(this._timer);
    this._active = -1;
    // The search the suggestions answer (a space typed before the next word, or a letter erased and typed again):
    // they stay open, as no new search will come to reopen them.
    if (query === this._lastQuery && this._suggest.status === TaskStatus.COMPLETE) {
      this._open = this._results.length > 0;
      return;
    }
    // Typing again makes any answer in flight stale: cancel it now rather than letting it arrive and flicker.
    this._suggest.abort();
    this._open = false;
    if (query.length < MIN_QUERY) {
      // Nothing to search for: a "Try again" left from a failed search would send an empty one.
      this._failure = null;
      this._lastQuery = '';
      this.requestUpdate();
      return;
    }
    this._timer = setTimeout(() => {
      this._lastQuery = query;
      void this._suggest.run([query]);
    }, DEBOUNCE_MS);
  }

  private _onKeydown(e: KeyboardEvent): void {
    const n = this._results.length;
    switch (e.key) {
      case 'ArrowDown':
        if (!n) return;
        e.preventDefault();
        if (!this._open) {
          this._open = true;
          this._active = e.altKey ? -1 : 0;
        } else {
          this._active = (this._active + 1) % n;
        }
        break;
      case 'ArrowUp':
        if (!n) return;
        e.preventDefault();
        this._open = true;
        this._active = this._active <= 0 ? n - 1 : this._active - 1;
        break;
      case 'Enter':
        if (this._open && this._active >= 0) {
          e.preventDefault();
          this._pick(this._results[this._active]!);
        }
        break;
      case 'Escape':
        e.preventDefault();
        if (this._open) {
          this._open = false;
          this._active = -1;
        } else {
          (e.target as HTMLInputElement).value = '';
          clearTimeout(this._timer);
          this._suggest.abort();
          this._failure = null;
          this._lastQuery = '';
          this.requestUpdate();
        }
        break;
      default:
        return;
    }
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector(`#q-opt-${this._active}`)?.scrollIntoView({ block: 'nearest' }),
    );
  }

  private _pick(result: AddressSearchResult): void {
    this._open = false;
    this.dispatchEvent(new AddressPickEvent(result));
  }

  private _forward(e: AddressPickEvent): void {
    e.stopPropagation();
    this._pick(e.address);
  }

  private _change(): void {
    this.dispatchEvent(new AddressChangeEvent());
  }
}

customElements.define('sf-address-lookup', SfAddressLookup);

declare global {
  interface HTMLElementTagNameMap {
    'sf-address-lookup': SfAddressLookup;
  }
}
