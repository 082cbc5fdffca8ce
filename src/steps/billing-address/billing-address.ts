import { css, html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { getBillingAddress, updateBillingAddress, type BillingAddressRequest } from '../../api/billing.js';
import { AttemptKey } from '../../api/attempt-key.js';
import { isApiError } from '../../api/errors.js';
import type { StepDraft } from '../../contract/context.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import { afterPress } from '../shared/after-press.js';
import { getLocale } from '../../i18n/localization.js';
import { markSessionDone } from '../../flow/session-done.js';
import {
  addressBody,
  addressProblems,
  formField,
  statesFor,
  type AddressField,
  type AddressValues,
  type Problem,
} from './billing-address-rules.js';

export interface BillingAddressDraft extends StepDraft, Partial<AddressValues> {
  /** `same`: bills go to the service address; `other`: to the address typed below. */
  choice?: 'same' | 'other';
}

const FIELDS: readonly AddressField[] = ['address_1', 'address_2', 'city', 'state', 'postal_code'];

type Fields = { [F in AddressField]?: string | null };

/** What bills go to, comparable: the service address, or the fields of another (case and spaces aside). */
function destination(a: BillingAddressRequest | (Fields & { same_as_service_address: boolean })): string {
  const fields: Fields = 'address' in a ? a.address : (a as Fields);
  return a.same_as_service_address ? 'same' : FIELDS.map((f) => (fields[f] ?? '').trim().toLowerCase()).join('|');
}

function message(field: AddressField, problem: Problem): string {
  if (problem === 'too_long') return msg('This is too long. Shorten it, or use the second line.', { id: 'billing-address.error.too_long' });
  switch (field) {
    case 'address_1':
      return problem === 'server'
        ? msg('The service did not accept this street address. Check it and try again.', { id: 'billing-address.error.address_1_server' })
        : msg('Enter the street address, for example 1200 Main St.', { id: 'billing-address.error.address_1' });
    case 'address_2':
      return msg('The service did not accept this line. Check it, or leave it empty.', { id: 'billing-address.error.address_2' });
    case 'city':
      return problem === 'server'
        ? msg('The service did not accept this city. Check it and try again.', { id: 'billing-address.error.city_server' })
        : msg('Enter the city.', { id: 'billing-address.error.city' });
    case 'state':
      return problem === 'required'
        ? msg('Choose the state.', { id: 'billing-address.error.state' })
        : msg('Choose a US state from the list.', { id: 'billing-address.error.state_format' });
    case 'postal_code':
      return problem === 'required'
        ? msg('Enter the ZIP code.', { id: 'billing-address.error.zip' })
        : msg('Enter a ZIP code of 5 digits, for example 77002.', { id: 'billing-address.error.zip_format' });
  }
}

/**
 * @summary The billing address form: bills go to the service address, or to another US address (street, optional
 * second line, city, state, 5-digit ZIP), checked as the customer goes and on submit, with the service's 400/422
 * field errors shown next to their fields; saved with one Idempotency-Key per user action.
 * @fires sf-step-complete - `{ step: 'billing-address', data: { open: 'invoices', saved: true } }` once saved;
 * `{ data: { open: 'invoices' } }` on Cancel.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepBillingAddress extends LaterStep<BillingAddressDraft> {
  static override properties: PropertyDeclarations = {
    _ready: { state: true },
    _touched: { state: true },
    _server: { state: true },
    _failure: { state: true },
    _loadFailure: { state: true },
    _busy: { state: true },
  };

  static override styles = [...laterStepStyles, css`
    .service { margin: 0 0 0 2.75rem; color: var(--_muted); }
    .other { margin-top: 0.5rem; }
    .row { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 1rem; }
    @media (min-width: 480px) { .row { grid-template-columns: minmax(0, 1fr) minmax(7rem, 10rem); } }
    select { min-height: var(--_target); font: inherit; padding: 0.5rem; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); color: var(--_text); }
    select[aria-invalid='true'] { border-color: var(--_error); border-width: 2px; }
  `];

  private _ready = false;
  private _touched = new Set<AddressField>();
  private _server = new Map<AddressField, Problem>();
  private _failure: Failure | null = null;
  private _loadFailure: Failure | null = null;
  private _busy = false;
  /** The same address sent again ("Try again", a second press after a lost answer) is the same update. */
  private _key = new AttemptKey();
  /** Where bills went when the form opened (`destination`); undefined when not read (a Back to the form). */
  private _before?: string;
  /** The update last sent, while its answer is unknown (lost, or a 5xx): it may have been made. */
  private _unsure?: BillingAddressRequest;
  private _abort = new AbortController();

  override connectedCallback(): void {
    super.connectedCallback();
    this._abort = new AbortController();
    if (this.draft.choice) this._ready = true;
    else void this._prefill();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._abort.abort();
  }

  /**
   * The service address bills can follow: one a plan was accepted for. An address plans were only asked for is the
   * account's `service_address` too, but the service refuses to follow it (422 `same_as_service_address`).
   */
  private get _service() {
    return this.account?.location_uuid ? this.account.service_address : null;
  }

  /** Starts from the address on file (its own fields only when it is not the service address). */
  private async _prefill(): Promise<void> {
    this._loadFailure = null;
    const d = this.draft;
    try {
      const current = await getBillingAddress(this.api, this._abort.signal);
      this._before = destination(current);
      d.choice = current.same_as_service_address && this._service ? 'same' : 'other';
      if (!current.same_as_service_address) {
        d.address_1 = current.address_1;
        d.address_2 = current.address_2 ?? '';
        d.city = current.city;
        d.state = current.state;
        d.postal_code = current.postal_code;
      }
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) {
        this._loadFailure = toFailure(error, this);
        return;
      }
      this._before = '';
      d.choice = this._service ? 'same' : 'other';
    }
    this._ready = true;
  }

  private get _values(): AddressValues {
    const d = this.draft;
    return { address_1: d.address_1 ?? '', address_2: d.address_2 ?? '', city: d.city ?? '', state: d.state ?? 'TX', postal_code: d.postal_code ?? '' };
  }

  private _problems(): Partial<Record<AddressField, Problem>> {
    if (this.draft.choice !== 'other') return {};
    const local = addressProblems(this._values);
    for (const [field, problem] of this._server) local[field] ??= problem;
    return local;
  }

  override render() {
    const busy = this._busy;
    return html`
      ${stepHeading(
        msg('Billing address', { id: 'billing-address.heading' }),
        msg('Where we send your bills and other mail about your account.', { id: 'billing-address.lead' }),
      )}
      ${renderRetryAlert(this._loadFailure, () => void this._prefill())} ${renderRefusal(this._loadFailure)}
      ${renderRetryAlert(this._failure, () => this._submit(), busy)} ${renderRefusal(this._failure)}
      ${this._ready ? this._renderForm(busy) : html`<p role="status">${this._loadFailure ? '' : msg('Loading your billing address…', { id: 'billing.address.loading' })}</p>`}
      ${this._ready ? nothing : html`<div class="actions">${this._cancelButton()}</div>`}
    `;
  }

  private _cancelButton() {
    return html`<button type="button" class="btn secondary start" ?disabled=${this._busy} @click=${this._cancel}>
      ${msg('Cancel', { id: 'billing-address.cancel' })}
    </button>`;
  }

  private _renderForm(busy: boolean) {
    const d = this.draft;
    const problems = this._problems();
    const shown = (f: AddressField) => (this._touched.has(f) || this._server.has(f) ? problems[f] : undefined);
    const service = this._service;
    return html`<form novalidate @submit=${this._onSubmit}>
      ${service
        ? html`<fieldset>
            <legend>${msg('Send my bills to', { id: 'billing-address.choice' })}</legend>
            <label class="choice">
              <input type="radio" name="choice" value="same" aria-describedby="service-address" .checked=${d.choice === 'same'} @change=${() => this._choose('same')} />
              <span>${msg('My service address', { id: 'billing-address.same' })}</span>
            </label>
            <p class="service" id="service-address">
              ${service.address_1}${service.address_2 ? `, ${service.address_2}` : ''}, ${service.city}, ${service.state} ${service.postal_code}
            </p>
            <label class="choice">
              <input type="radio" name="choice" value="other" .checked=${d.choice === 'other'} @change=${() => this._choose('other')} />
              <span>${msg('A different address', { id: 'billing-address.other' })}</span>
            </label>
          </fieldset>`
        : nothing}
      ${d.choice === 'other'
        ? html`<div class="other">
            ${this._input('address_1', msg('Street address', { id: 'billing-address.address_1' }), shown('address_1'), 'address-line1')}
            ${this._input('address_2', msg('Apartment, suite or unit (optional)', { id: 'billing-address.address_2' }), shown('address_2'), 'address-line2')}
            ${this._input('city', msg('City', { id: 'billing-address.city' }), shown('city'), 'address-level2')}
            <div class="row">
              ${this._state(shown('state'))}
              ${this._input('postal_code', msg('ZIP code', { id: 'billing-address.zip' }), shown('postal_code'), 'postal-code')}
            </div>
          </div>`
        : nothing}
      <div class="actions">
        ${this._cancelButton()}
        <button type="submit" class="btn primary" aria-disabled=${busy ? 'true' : 'false'} aria-busy=${busy ? 'true' : 'false'}>
          ${busy ? msg('Saving…', { id: 'step.saving' }) : msg('Save billing address', { id: 'billing-address.save' })}
        </button>
      </div>
    </form>`;
  }

  private _input(field: Exclude<AddressField, 'state'>, label: string, problem: Problem | undefined, autocomplete: string) {
    const id = `ba-${field}`;
    const error = problem ? message(field, problem) : '';
    const zip = field === 'postal_code';
    return html`<div class="field">
      <label for=${id}>${label}</label>
      <input
        id=${id}
        name=${field}
        type="text"
        autocomplete=${autocomplete}
        inputmode=${zip ? 'numeric' : 'text'}
        maxlength=${zip ? 10 : field === 'city' ? 100 : 200}
        .value=${this.draft[field] ?? ''}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? `${id}-error` : nothing}
        @input=${(e: InputEvent) => this._onInput(field, (e.target as HTMLInputElement).value)}
        @blur=${() => afterPress(() => this._touch(field))}
      />
      <p id="${id}-error" class="error" aria-live="polite">${error}</p>
    </div>`;
  }

  private _state(problem: Problem | undefined) {
    const error = problem ? message('state', problem) : '';
    const value = this._values.state.toUpperCase();
    return html`<div class="field">
      <label for="ba-state">${msg('State', { id: 'billing-address.state' })}</label>
      <select
        id="ba-state"
        name="state"
        autocomplete="address-level1"
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? 'ba-state-error' : nothing}
        @change=${(e: Event) => {
          this._onInput('state', (e.target as HTMLSelectElement).value);
          this._touch('state');
        }}
      >
        <option value="" ?selected=${value === ''}>${msg('Choose a state', { id: 'billing-address.state_choose' })}</option>
        ${statesFor(getLocale()).map(([code, name]) => html`<option value=${code} ?selected=${code === value}>${name}</option>`)}
      </select>
      <p id="ba-state-error" class="error" aria-live="polite">${error}</p>
    </div>`;
  }

  /**
   * Cancel drops what was typed: the next "Change billing address" starts from the address on file again. After an
   * update whose answer was lost, the address on file says whether it was made: then the list says it was saved (and
   * leaving completes), as after an answer.
   */
  private async _cancel(): Promise<void> {
    this._busy = true;
    const saved = await this._madeAfterAll();
    this._busy = false;
    for (const key of Object.keys(this.draft)) delete this.draft[key as keyof BillingAddressDraft];
    if (!saved) this.complete({ data: { open: 'invoices' } });
  }

  /**
   * Leaving (the close button) while an update is on its way waits for its answer; after an update whose answer was
   * lost: when it was made, the list says so first.
   */
  protected override leaving(): Promise<unknown> | undefined {
    return this._unsure ? Promise.resolve(super.leaving()).then(() => this._madeAfterAll()) : super.leaving();
  }

  /**
   * Whether the update whose answer was lost was made: the address on file is the one sent, and not the one the form
   * opened with. Then the step completes as saved. Nothing is sent again.
   */
  private async _madeAfterAll(): Promise<boolean> {
    const sent = this._unsure;
    if (!sent || this._failure?.kind !== 'retry') return false;
    const now = await getBillingAddress(this.api).then(destination, () => null);
    if (now !== destination(sent) || now === this._before) return false;
    this._saved();
    return true;
  }

  private _saved(): void {
    this._unsure = undefined;
    // Something was done with this link: a reload keeps leaving `completed` (the billing scope's resume).
    markSessionDone();
    this.complete({ data: { open: 'invoices', saved: true } });
  }

  private _choose(choice: 'same' | 'other'): void {
    this.draft.choice = choice;
    this._server = new Map();
    // A refusal was of the address sent, not of the one now chosen.
    if (this._failure?.kind === 'refused' || this._failure?.kind === 'fields') this._failure = null;
    this.requestUpdate();
  }

  private _onInput(field: AddressField, value: string): void {
    this.draft[field] = value;
    if (this._server.has(field)) {
      const next = new Map(this._server);
      next.delete(field);
      this._server = next;
    }
    this.requestUpdate();
  }

  private _touch(field: AddressField): void {
    if (!this._touched.has(field)) this._touched = new Set(this._touched).add(field);
  }

  private _onSubmit(event: Event): void {
    event.preventDefault();
    this._submit();
  }

  private _submit(): void {
    if (this._busy) return;
    if (this.draft.choice === 'other') {
      this._touched = new Set(FIELDS);
      const problems = this._problems();
      const first = FIELDS.find((f) => problems[f]);
      if (first) {
        void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#ba-${first}`)?.focus());
        return;
      }
    }
    const body: BillingAddressRequest =
      this.draft.choice === 'other' ? { same_as_service_address: false, address: addressBody(this._values) } : { same_as_service_address: true };
    this.sending(this._save(body));
  }

  private async _save(body: BillingAddressRequest): Promise<void> {
    this._busy = true;
    this._failure = null;
    this._unsure = body;
    try {
      // No AbortSignal: once sent, the update runs to its end even if the customer leaves.
      await updateBillingAddress(this.api, body, { idempotencyKey: this._key.for(JSON.stringify(body)) });
      this._busy = false;
      this._saved();
    } catch (error) {
      this._busy = false;
      const failure = toFailure(error, this);
      if (failure?.kind === 'fields') {
        const mapped = new Map<AddressField, Problem>();
        for (const f of failure.fields) {
          const field = formField(f.field);
          if (field) mapped.set(field, f.code === 'required' ? 'required' : f.code === 'format' && field !== 'address_1' && field !== 'city' ? 'format' : 'server');
        }
        if (mapped.size && this.draft.choice === 'other') {
          this._server = mapped;
          const first = FIELDS.find((f) => mapped.has(f));
          await this.updateComplete;
          this.renderRoot.querySelector<HTMLElement>(`#ba-${first}`)?.focus();
          return;
        }
      }
      // Field errors the form has no field for (the choice itself) read as a refusal (refusal.ts).
      this._failure = failure;
    }
  }
}

customElements.define('sf-step-billing-address', SfStepBillingAddress);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-billing-address': SfStepBillingAddress;
  }
}
