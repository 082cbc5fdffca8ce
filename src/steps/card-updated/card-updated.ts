import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import { getPaymentMethod } from '../../api/card.js';
import type { PaymentMethod } from '../../api/types.js';
import { getLocale } from '../../i18n/localization.js';
import { LaterStep } from '../shared/later-step.js';
import { markSessionDone } from '../../flow/session-done.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import { brandName, expiry } from '../payment/card-brand.js';
import { getLocation } from '../../api/locations.js';
import '../shared/account-status.js';

/**
 * @summary The last screen of update-payment-method: the new card as the service has it now (brand, last four,
 * expiry; GET /v1/account/billing/payment-method), where the account stands and what happens next
 * (sf-account-status, from the account the card step's sync returned), and "Done".
 *
 * @fires sf-step-complete - `{ step: 'card-updated' }`: Done; the scope closes the flow with `completed`.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepCardUpdated extends LaterStep {
  static override properties: PropertyDeclarations = {
    _failure: { state: true },
  };

  static override styles = laterStepStyles;

  /** Shown once the job is done: a reload of the page comes back to this screen, and closing says `completed`. */
  override connectedCallback(): void {
    super.connectedCallback();
    markSessionDone();
  }

  private _failure: Failure | null = null;

  private _card = new Task(this, {
    args: () => [this._api] as const,
    task: ([api], { signal }) => {
      this._failure = null;
      return api ? getPaymentMethod(api, signal) : undefined;
    },
    onError: (error) => {
      this._failure = toFailure(error, this);
    },
  });

  /** A scheduled account's start date (its location's contract), for the status to name; null when unknown. */
  private _start = new Task(this, {
    args: () => [this._api, this.account?.status === 'scheduled' ? this.account.location_uuid : null] as const,
    task: ([api, location], { signal }) =>
      api && location ? getLocation(api, location, signal).then((l) => l.contract.start_date, () => null) : null,
  });

  override render() {
    return html`
      <div class="badge" aria-hidden="true">✓</div>
      ${stepHeading(msg('Your card is updated', { id: 'card_updated.heading' }), this._lead())}
      ${this._card.render({
        pending: () => html`<p role="status">${msg('Checking your saved card…', { id: 'card_on_file.checking' })}</p>`,
        complete: (c) => (c ? this._renderCard(c) : nothing),
        error: () =>
          this._failure?.kind === 'retry'
            ? // The card is saved: only its details could not be read back.
              html`<div class="alert warning" role="alert">
                <p>${msg('Your new card is saved, but we could not show its details just now. Try again in a moment.', { id: 'card_updated.details_failed' })}</p>
                <button type="button" class="btn secondary" @click=${() => void this._card.run()}>${msg('Try again', { id: 'error.try_again' })}</button>
              </div>`
            : renderRefusal(this._failure),
      })}
      <sf-account-status .account=${this.account} .startDate=${this._start.value ?? null}></sf-account-status>
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => this.complete()}>${msg('Done', { id: 'done.done' })}</button>
      </div>
    `;
  }

  /** What the new card pays, by where the account is: before service starts, while it runs, or its last bill. */
  private _lead(): string {
    const status = this.account?.status;
    if (status === 'active') {
      return msg('Your monthly bills are now paid automatically with your new card. Nothing was charged today.', { id: 'card_updated.lead' });
    }
    if (status === 'cancelled') {
      return msg('Your last bill is paid automatically with your new card. Nothing was charged today.', { id: 'card_updated.lead.ended' });
    }
    return msg('Once your service starts, your monthly bills will be paid automatically with your new card. Nothing was charged today.', {
      id: 'card_updated.lead.before',
    });
  }

  /** As the card on file shows it (sf-current-card), without its buttons. */
  private _renderCard(c: PaymentMethod) {
    const brand = brandName(c.card_brand);
    const last4 = c.card_last4;
    return html`<div class="card">
      <p>
        <strong>${msg(str`${brand} ending in ${last4}`, { id: 'payment.current.card' })}</strong><br />
        <span class="muted">${msg(str`Expires ${expiry(c, getLocale())}`, { id: 'payment.current.expires' })}</span>
      </p>
    </div>`;
  }
}

customElements.define('sf-step-card-updated', SfStepCardUpdated);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-card-updated': SfStepCardUpdated;
  }
}
