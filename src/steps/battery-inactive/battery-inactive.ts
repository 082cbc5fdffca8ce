import { html } from 'lit';
import { msg } from '@lit/localize';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { Task } from '@lit/task';
import { getLocation } from '../../api/locations.js';
import '../shared/account-status.js';

/**
 * @summary A battery connects to service that runs: an account that is not active yet is told to come back once it
 * is, one cancelled (before or after its service started) that there is nothing to connect to; each with where it stands
 * (sf-account-status), and leaves.
 * @fires sf-exit-request - Close: the root closes the flow, `exited`.
 */
export class SfStepBatteryInactive extends LaterStep {
  static override styles = laterStepStyles;

  /** A scheduled account's start date (its location's contract), for the status to name; null when unknown. */
  private _start = new Task(this, {
    args: () => [this._api, this.account?.status === 'scheduled' ? this.account.location_uuid : null] as const,
    task: ([api, location], { signal }) => (api && location ? getLocation(api, location, signal).then((l) => l.contract.start_date, () => null) : null),
  });

  override render() {
    // A cancelled account's service will not become active: no "come back" for it.
    return html`
      ${this.account?.status === 'cancelled'
        ? stepHeading(
            msg('There is no service to connect a battery to', { id: 'battery.inactive.ended.heading' }),
            msg('A battery connects to electricity service that runs, and the service of this account was cancelled.', {
              id: 'battery.inactive.ended.lead',
            }),
          )
        : stepHeading(
            msg('You can connect a battery once your service is active', { id: 'battery.inactive.heading' }),
            msg('Your electricity service is not active, so there is nothing to connect a battery to yet. Come back once it is active.', {
              id: 'battery.inactive.lead',
            }),
          )}
      <sf-account-status .account=${this.account} .startDate=${this._start.value ?? null}></sf-account-status>
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => this.exit()}>${msg('Close', { id: 'battery.inactive.close' })}</button>
      </div>
    `;
  }
}

customElements.define('sf-step-battery-inactive', SfStepBatteryInactive);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-battery-inactive': SfStepBatteryInactive;
  }
}
