import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import { requestApi } from '../../contract/context.js';
import { getAccount, type FlowApi } from '../../api/client.js';
import { optOutReasons, recordEvent, type FlowEventRequest } from '../../api/enroll.js';
import type { Account, OptOutReason } from '../../api/types.js';
import { OptOutCancelledEvent, OptOutConfirmedEvent, PlansViewedEvent, type OptOutConfirmedDetail } from '../../contract/exit-events.js';
import { LocalizedElement, getLocale } from '../../i18n/localization.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';

const OTHER = 'other';

/**
 * @summary "Before you go": the opt-out survey shown when the customer leaves after seeing plans. Opening it sends
 * nothing; "Leave" records `enrollment_opt_out` (with the reason when one was chosen) and then lets the root close.
 * @fires sf-opt-out-confirmed - `{ reason?, label? }` after the event was sent (or could not be, see _leave).
 * @fires sf-opt-out-cancelled - "Stay and continue".
 */
export class SfOptOut extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    _api: { state: true },
    account: { attribute: false },
    planUuids: { attribute: false },
    _reason: { state: true },
    _other: { state: true },
  };

  constructor() {
    super();
    requestApi(this, '_api');
  }

  static override styles = [...laterStepStyles];

  private _api?: FlowApi;

  account?: Account;
  /** The plans the customer saw, named in the event. */
  planUuids: string[] = [];

  private _reason = '';
  private _other = '';
  /** The last list the service gave: it stays while a language switch loads the list again, and if that fails. */
  private _loaded?: OptOutReason[];

  private _reasons = new Task(this, {
    args: () => [this._api, getLocale()] as const,
    task: async ([api, locale], { signal }): Promise<OptOutReason[]> => (api ? (this._loaded = await optOutReasons(api, locale, signal)) : []),
  });

  private _leave = new Task<[OptOutConfirmedDetail], void>(this, {
    autoRun: false,
    task: async ([detail], { signal }) => {
      const body: FlowEventRequest = { event: 'enrollment_opt_out', plan_uuids: this.planUuids, ...detail };
      try {
        if (this._api) await recordEvent(this._api, body, { signal });
      } catch {
        // The customer asked to leave: a survey that failed to send (after the client's retries) must not keep
        // them here. Funnel analytics lose one answer; the customer loses nothing.
      }
      this.dispatchEvent(new OptOutConfirmedEvent(detail));
    },
  });

  /**
   * Where the account stands now, read as the question is asked: asking for the plans made the meter the account's
   * service address (applying, plan_not_accepted), which the account the root read before does not say. Told to the
   * root with the plans seen, so that leaving tells the host the status the service has.
   */
  override connectedCallback(): void {
    super.connectedCallback();
    if (this._api) getAccount(this._api).then((account) => this.dispatchEvent(new PlansViewedEvent({ plan_uuids: this.planUuids, account })), () => undefined);
  }

  override render() {
    const reasons = this._options();
    const loading = this._reasons.status === TaskStatus.PENDING;
    const leaving = this._leave.status === TaskStatus.PENDING;
    return html`
      ${stepHeading(
        msg('Before you go, what made you decide not to continue?', { id: 'optout.heading' }),
        msg('Answering is optional and helps us improve. What you already entered is saved, so you can finish later.', { id: 'optout.lead' }),
      )}
      <form novalidate @submit=${this._submit}>
        <fieldset aria-busy=${loading}>
          <legend>${msg('Reason (optional)', { id: 'optout.legend' })}</legend>
          <p role="status" class="muted">${loading ? msg('Loading the choices…', { id: 'optout.loading' }) : ''}</p>
          ${reasons.map(
            (r) => html`<label class="choice">
              <input type="radio" name="reason" .value=${r.code} .checked=${this._reason === r.code} @change=${() => (this._reason = r.code)} />
              <span>${r.label}</span>
            </label>`,
          )}
        </fieldset>
        ${this._reason === OTHER
          ? html`<div class="field">
              <label for="other">
                ${msg('Tell us more', { id: 'optout.other_text' })}
                <span class="muted">(${msg('optional', { id: 'field.optional' })})</span>
              </label>
              <input id="other" maxlength="500" autocomplete="off" .value=${this._other} @input=${(e: InputEvent) => (this._other = (e.target as HTMLInputElement).value)} />
            </div>`
          : nothing}
        <div class="actions">
          <button type="submit" class="btn secondary" aria-disabled=${leaving} aria-busy=${leaving}>
            ${msg('Leave', { id: 'optout.leave' })}
          </button>
          <button type="button" class="btn primary" ?disabled=${leaving} @click=${this._stay}>
            ${msg('Stay and continue', { id: 'optout.stay' })}
          </button>
        </div>
      </form>
    `;
  }

  /**
   * The service's reasons, plus "Other" when the list lacks it (the specification allows the code `other`). After a
   * language switch the last list stays (with the choice and the text typed) until the new one is in, or if it fails.
   */
  private _options(): OptOutReason[] {
    const list = this._loaded ?? [];
    if ((!this._loaded && this._reasons.status === TaskStatus.PENDING) || list.some((r) => r.code === OTHER)) return list;
    return [...list, { code: OTHER, label: msg('Other', { id: 'optout.other' }) }];
  }

  private _submit(e: Event): void {
    e.preventDefault();
    this.leave();
  }

  /** "Leave" with the reason chosen so far (also what the root does when the close button is pressed again here). */
  leave(): void {
    if (this._leave.status === TaskStatus.PENDING) return;
    const detail: OptOutConfirmedDetail = {};
    const chosen = this._options().find((r) => r.code === this._reason);
    if (chosen) {
      detail.reason = chosen.code;
      const text = chosen.code === OTHER ? this._other.trim().slice(0, 500) : '';
      detail.label = text || chosen.label;
    }
    void this._leave.run([detail]);
  }

  private _stay(): void {
    this.dispatchEvent(new OptOutCancelledEvent());
  }
}

customElements.define('sf-opt-out', SfOptOut);

declare global {
  interface HTMLElementTagNameMap {
    'sf-opt-out': SfOptOut;
  }
}
