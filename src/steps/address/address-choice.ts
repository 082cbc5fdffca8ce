import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import type { AddressSearchResult } from '../../api/types.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { addressStyles } from './address.styles.js';
import { placeLine, streetLine } from './address-text.js';
import { AddressChangeEvent, AddressPickEvent } from './address-events.js';
import { LocalizedElement } from '../../i18n/localization.js';

/**
 * The meters each chosen result was chosen among, for its confirmation to offer the choice again (the result is the
 * same object while the session keeps it as the step's selection, Back from the plans included).
 */
export const chosenAmong = new WeakMap<AddressSearchResult, AddressSearchResult[]>();

/**
 * @summary Several meters at one address: a radio group, each choice with its ESI ID and meter description (the
 * service's own words, "Meter 2 of 2", in English: marked so, for a Spanish screen reader).
 * @fires sf-address-pick - detail: the chosen AddressSearchResult (not composed: the step listens).
 * @fires sf-address-change - "Change address".
 */
export class SfAddressChoice extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    results: { attribute: false },
    _picked: { state: true },
    _showError: { state: true },
  };

  static override styles = [...laterStepStyles, addressStyles];

  results: AddressSearchResult[] = [];
  private _picked = -1;
  private _showError = false;

  override render() {
    const count = this.results.length;
    return html`
      <h2 tabindex="-1">${msg('Which meter is yours?', { id: 'address.choice.heading' })}</h2>
      <p class="lead">
        ${msg(str`We found ${count} meters at this address. Choose yours: the ESI ID and meter description are on your electricity bill.`, {
          id: 'address.choice.lead',
        })}
      </p>
      <form novalidate @submit=${this._submit}>
        <fieldset aria-describedby=${this._showError ? 'choice-error' : nothing}>
          <legend>${msg('Meters at this address', { id: 'address.choice.legend' })}</legend>
          ${this.results.map(
            (r, i) => html`<label class="choice result">
              <input type="radio" name="meter" .value=${String(i)} .checked=${i === this._picked} @change=${() => this._pick(i)} />
              <span>
                <strong>${streetLine(r)}</strong><br />${placeLine(r)}<br />
                <span class="meta">${msg('ESI ID', { id: 'address.esi_id' })}: <span class="esi">${r.esi_id}</span></span>
                ${r.meter_description ? html`<br /><span class="meta" lang="en">${r.meter_description}</span>` : ''}
              </span>
            </label>`,
          )}
        </fieldset>
        <p id="choice-error" class="error" aria-live="polite">${this._showError ? msg('Choose the meter for your home to continue.', { id: 'address.choice.required' }) : ''}</p>
        <div class="actions">
          <button type="button" class="btn secondary start" @click=${this._change}>
            ${msg('Change address', { id: 'address.change' })}
          </button>
          <button type="submit" class="btn primary">${msg('Continue', { id: 'step.continue' })}</button>
        </div>
      </form>
    `;
  }

  private _pick(i: number): void {
    this._picked = i;
    this._showError = false;
  }

  private _submit(e: Event): void {
    e.preventDefault();
    const result = this.results[this._picked];
    if (!result) {
      this._showError = true;
      this.renderRoot.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    chosenAmong.set(result, this.results);
    this.dispatchEvent(new AddressPickEvent(result));
  }

  private _change(): void {
    this.dispatchEvent(new AddressChangeEvent());
  }
}

customElements.define('sf-address-choice', SfAddressChoice);

declare global {
  interface HTMLElementTagNameMap {
    'sf-address-choice': SfAddressChoice;
  }
}
