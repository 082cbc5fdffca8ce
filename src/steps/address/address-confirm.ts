import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import type { AddressSearchResult } from '../../api/types.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { addressStyles } from './address.styles.js';
import { placeLine, streetLine } from './address-text.js';
import { AddressChangeEvent, AddressConfirmEvent } from './address-events.js';
import { chosenAmong } from './address-choice.js';
import { LocalizedElement } from '../../i18n/localization.js';

/**
 * @summary The address and meter exactly as the service returned them, for the customer to confirm.
 * @fires sf-address-confirm - "This is my address" (not composed: the step listens).
 * @fires sf-address-change - "Change address"; for a meter chosen among several, "Choose another meter" (with the
 *   meters: the choice again, whose own "Change address" leads to the form).
 */
export class SfAddressConfirm extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    result: { attribute: false },
  };

  static override styles = [...laterStepStyles, addressStyles];

  result?: AddressSearchResult;

  override render() {
    const r = this.result;
    if (!r) return nothing;
    const meters = chosenAmong.get(r);
    return html`
      <h2 tabindex="-1">${msg('Is this your address?', { id: 'address.confirm.heading' })}</h2>
      <p class="lead">
        ${msg('This is the address and meter the utility has on record. Check both before you continue.', {
          id: 'address.confirm.lead',
        })}
      </p>
      <div class="card" part="card">
        <dl class="summary">
          <dt>${msg('Service address', { id: 'address.confirm.address' })}</dt>
          <dd>${streetLine(r)}<br />${placeLine(r)}</dd>
          <dt>${msg('ESI ID', { id: 'address.esi_id' })}</dt>
          <dd class="esi">${r.esi_id}</dd>
          ${r.meter_description
            ? html`<dt>${msg('Meter', { id: 'address.confirm.meter' })}</dt>
                <dd lang="en">${r.meter_description}</dd>`
            : nothing}
          <dt>${msg('Utility', { id: 'address.confirm.utility' })}</dt>
          <dd>${r.utility.display_name}</dd>
        </dl>
        <p class="hint">
          ${msg(
            'The ESI ID (Electric Service Identifier) is the number of the meter at this address. It is also printed on your electricity bill.',
            { id: 'address.confirm.esi_hint' },
          )}
        </p>
      </div>
      <div class="actions">
        <button type="button" class="btn secondary start" @click=${() => this.dispatchEvent(new AddressChangeEvent(meters))}>
          ${meters ? msg('Choose another meter', { id: 'address.confirm.other_meter' }) : msg('Change address', { id: 'address.change' })}
        </button>
        <button type="button" class="btn primary" @click=${() => this.dispatchEvent(new AddressConfirmEvent())}>
          ${msg('This is my address', { id: 'address.confirm.yes' })}
        </button>
      </div>
    `;
  }
}

customElements.define('sf-address-confirm', SfAddressConfirm);

declare global {
  interface HTMLElementTagNameMap {
    'sf-address-confirm': SfAddressConfirm;
  }
}
