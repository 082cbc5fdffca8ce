import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import { listBatteryDevices, type BatteryDevice } from '../../api/battery.js';
import { getLocale } from '../../i18n/localization.js';
import { formatKwh, formatPercent } from '../../ui/format.js';
import { LaterStep } from '../shared/later-step.js';
import { markSessionDone } from '../../flow/session-done.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import '../shared/account-status.js';

/** The account's most recently connected battery (a reload: the stored session keeps no device id). */
const latest = (devices: BatteryDevice[]): BatteryDevice | undefined =>
  devices.filter((d) => d.status === 'connected').sort((a, b) => Date.parse(b.connected_at) - Date.parse(a.connected_at))[0];

/**
 * @summary The connected battery, read from the service (maker, model, usable capacity, the serial number's last
 * four characters, its state of charge), then where the account stands (sf-account-status) and Done.
 * @fires sf-step-complete - Done on a battery this session connected: the root closes the flow, `completed`.
 * @fires sf-exit-request - Done on a battery connected before (`already`): nothing was done with this link, `exited`.
 */
export class SfStepBatteryDevice extends LaterStep {
  static override properties: PropertyDeclarations = {
    deviceId: { attribute: false },
    already: { attribute: false },
    _failure: { state: true },
  };

  static override styles = laterStepStyles;

  /**
   * Shown once this session connected a battery: a reload of the page comes back to this screen (with no device id:
   * the latest connected one), and closing says `completed`. Not for a battery connected before this link.
   */
  protected override firstUpdated(): void {
    if (!this.already) markSessionDone();
  }

  /** The device to show (just connected, or already connected for the chosen maker); null: the latest connected. */
  deviceId: string | null = null;
  /** It was connected before this session. */
  already = false;

  private _failure: Failure | null = null;

  private _device = new Task(this, {
    args: () => [this._api, this.deviceId] as const,
    task: async ([api, id], { signal }): Promise<BatteryDevice | null | undefined> => {
      if (!api) return undefined;
      this._failure = null;
      try {
        const { data } = await listBatteryDevices(api, signal);
        return (id ? data.find((d) => d.id === id) : latest(data)) ?? null;
      } catch (error) {
        this._failure = toFailure(error, this);
        return undefined;
      }
    },
  });

  override render() {
    const device = this._device.value;
    // Not on the account (yet): the heading says so, above the alert that does.
    const heading =
      device === null
        ? msg('We cannot see your battery yet', { id: 'battery.device.missing_heading' })
        : this.already
          ? device
            ? msg(str`Your ${device.maker_name} battery is already connected`, { id: 'battery.device.already_heading' })
            : msg('Your battery is already connected', { id: 'battery.device.already_heading_generic' })
          : msg('Your battery is connected', { id: 'battery.device.heading' });
    return html`
      ${stepHeading(heading, device ? msg('This is the battery linked to your account.', { id: 'battery.device.lead' }) : nothing)}
      ${this._failure?.kind === 'retry'
        ? // The battery is connected: only its details could not be read back.
          html`<div class="alert warning" role="alert">
            <p>${msg('Your battery is connected, but we could not show its details just now. Try again in a moment.', { id: 'battery.device.details_failed' })}</p>
            <button type="button" class="btn secondary" @click=${() => void this._device.run()}>${msg('Try again', { id: 'error.try_again' })}</button>
          </div>`
        : renderRefusal(this._failure)}
      <p role="status" class="muted">${device === undefined && !this._failure ? msg('Loading your battery…', { id: 'battery.device.loading' }) : ''}</p>
      ${device === null
        ? html`<div class="alert warning" role="alert">
            <p>${msg('The battery is not on your account yet. It can take a moment to appear.', { id: 'battery.device.missing' })}</p>
            <button type="button" class="btn secondary" @click=${() => void this._device.run()}>${msg('Try again', { id: 'error.try_again' })}</button>
          </div>`
        : nothing}
      ${device ? this._renderDevice(device) : nothing}
      <sf-account-status .account=${this.account}></sf-account-status>
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => (this.already ? this.exit() : this.complete())}>${msg('Done', { id: 'done.done' })}</button>
      </div>
    `;
  }

  private _renderDevice(d: BatteryDevice) {
    const locale = getLocale();
    const charge = d.state_of_charge_percent;
    return html`<dl class="summary card">
      <dt>${msg('Maker', { id: 'battery.device.maker' })}</dt>
      <dd>${d.maker_name}</dd>
      <dt>${msg('Model', { id: 'battery.device.model' })}</dt>
      <dd>${d.model}</dd>
      <dt>${msg('Usable capacity', { id: 'battery.device.capacity' })}</dt>
      <dd>${formatKwh(d.capacity_kwh, locale)}</dd>
      <dt>${msg('Serial number', { id: 'battery.device.serial' })}</dt>
      <dd>${msg(str`Ending in ${d.serial_last4}`, { id: 'battery.device.serial_last4' })}</dd>
      <dt>${msg('Charge level', { id: 'battery.device.charge' })}</dt>
      <dd>${charge === null ? msg('Not reported yet', { id: 'battery.device.charge_unknown' }) : formatPercent(charge, locale)}</dd>
      <dt>${msg('Status', { id: 'battery.device.status' })}</dt>
      <dd>${d.status === 'connected' ? msg('Connected', { id: 'battery.device.connected' }) : msg('Disconnected', { id: 'battery.device.disconnected' })}</dd>
    </dl>`;
  }
}

customElements.define('sf-step-battery-device', SfStepBatteryDevice);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-battery-device': SfStepBatteryDevice;
  }
}
