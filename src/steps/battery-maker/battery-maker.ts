import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import { listBatteryDevices, listBatteryMakers, type BatteryDevice, type BatteryMaker } from '../../api/battery.js';
import type { BatteryMakerId } from '../../api/types.js';
import type { StepDraft } from '../../contract/context.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepActions, stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';

interface MakerDraft extends StepDraft {
  maker?: BatteryMakerId;
}

interface Choices {
  makers: BatteryMaker[];
  /** The account's connected devices, by maker. */
  connected: Map<string, BatteryDevice>;
}

/**
 * @summary Choose the battery maker: a radio group of the makers the service lists (each with its models), those
 * already connected on this account marked so; Continue goes on to allow access, or straight to the connected
 * battery when the chosen maker's is already connected.
 * @fires sf-step-complete - `{ data: { maker: { id, name }, device? } }`.
 */
export class SfStepBatteryMaker extends LaterStep<MakerDraft> {
  static override properties: PropertyDeclarations = {
    chosen: { attribute: false },
    _missing: { state: true },
    _failure: { state: true },
  };

  static override styles = laterStepStyles;

  /** The maker chosen earlier in this session (Back from the next step), preselected. */
  chosen: BatteryMakerId | null = null;

  private _missing = false;
  private _failure: Failure | null = null;

  private _choices = new Task(this, {
    args: () => [this._api] as const,
    task: async ([api], { signal }): Promise<Choices | null> => {
      if (!api) return null;
      this._failure = null;
      try {
        const [makers, devices] = await Promise.all([
          listBatteryMakers(api, signal),
          // The devices only add the "Already connected" marks: without them the makers still show (toFailure hands
          // a 401/403 to the root; a second one, when the makers fail too, changes nothing there).
          listBatteryDevices(api, signal).catch((e: unknown) => (toFailure(e, this), { data: [] })),
        ]);
        const connected = new Map(devices.data.filter((d) => d.status === 'connected').map((d) => [d.maker as string, d]));
        return { makers, connected };
      } catch (error) {
        this._failure = toFailure(error, this);
        return null;
      }
    },
  });

  private get _picked(): BatteryMakerId | undefined {
    return this.draft.maker ?? this.chosen ?? undefined;
  }

  override render() {
    const choices = this._choices.value;
    return html`
      ${stepHeading(
        msg('Which battery do you have?', { id: 'battery.maker.heading' }),
        msg("Choose the maker of your home battery. Next, you allow us to see it on the maker's own page.", { id: 'battery.maker.lead' }),
      )}
      ${renderRetryAlert(this._failure, () => void this._choices.run())} ${renderRefusal(this._failure)}
      <p role="status" class="muted">${choices
        ? choices.makers.length
          ? ''
          : msg('No battery can be connected now.', { id: 'battery.maker.none' })
        : this._failure
          ? ''
          : msg('Loading the battery makers…', { id: 'battery.maker.loading' })}</p>
      ${choices?.makers.length ? this._renderForm(choices) : nothing}
    `;
  }

  private _renderForm({ makers, connected }: Choices) {
    const picked = this._picked;
    return html`<form novalidate @submit=${this._submit}>
      <fieldset aria-describedby=${this._missing ? 'maker-error' : nothing}>
        <legend>${msg('Battery maker', { id: 'battery.maker.legend' })}</legend>
        ${makers.map((m) => {
          const device = connected.get(m.id);
          return html`<label class="choice">
            <input type="radio" name="maker" .value=${m.id} .checked=${picked === m.id} aria-invalid=${String(this._missing)} @change=${() => this._pick(m.id)} />
            <span>
              <strong>${m.name}</strong>
              ${m.models.length ? html`<br /><span class="muted">${m.models.join(', ')}</span>` : nothing}
              ${device ? html`<br /><span class="meta">✓ ${msg(str`Already connected: ${device.model}`, { id: 'battery.maker.connected' })}</span>` : nothing}
            </span>
          </label>`;
        })}
      </fieldset>
      <p id="maker-error" class="error" aria-live="polite">${this._missing ? msg('Choose the maker of your battery to continue.', { id: 'battery.maker.required' }) : ''}</p>
      ${stepActions({ submit: { label: msg('Continue', { id: 'step.continue' }), busyLabel: '', busy: false } })}
    </form>`;
  }

  private _pick(id: BatteryMakerId): void {
    this.draft.maker = id;
    this._missing = false;
    this.requestUpdate();
  }

  private _submit(e: Event): void {
    e.preventDefault();
    const choices = this._choices.value;
    const maker = choices?.makers.find((m) => m.id === this._picked);
    if (!maker) {
      this._missing = true;
      this.renderRoot.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    const device = choices!.connected.get(maker.id);
    this.complete({ data: { maker: { id: maker.id, name: maker.name }, ...(device ? { device: device.id } : {}) } });
  }
}

customElements.define('sf-step-battery-maker', SfStepBatteryMaker);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-battery-maker': SfStepBatteryMaker;
  }
}
