import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import { getPaymentMethod } from '../../api/card.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import '../payment/current-card.js';

/**
 * @summary The card on file (brand, last four, expiry) with "Replace" and "Keep this card": the first step of the
 * update-payment-method scope for an account that has a card. The card form is the next step (sf-step-payment).
 *
 * @fires sf-step-complete - `{ step: 'card-on-file' }`: Replace; `data.none`: "Add a card", there is no card on file
 *   after all; `data.replaced`: read again (Back from the card form), it is another card than first shown: one was saved.
 * @fires sf-exit-request - Keep this card: nothing changes, the customer leaves.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepCardOnFile extends LaterStep {
  static override properties: PropertyDeclarations = {
    _failure: { state: true },
  };

  static override styles = laterStepStyles;

  private _failure: Failure | null = null;

  /** The card on file first read here ('none' after a 404). */
  private _first?: string;

  private _card = new Task(this, {
    args: () => [this._api] as const,
    task: ([api], { signal }) => {
      this._failure = null;
      return api ? getPaymentMethod(api, signal) : undefined;
    },
    onComplete: (card) => card && this._read(JSON.stringify(card)),
    // Sorted once (a 401/403 goes to the root once), not on every render.
    onError: (error) => {
      this._failure = toFailure(error, this);
      // A refusal is the 404 of no card on file (what the step then offers to add).
      if (this._failure?.kind === 'refused') this._read('none');
    },
  });

  override connectedCallback(): void {
    super.connectedCallback();
    // Shown again (Back from the card form): the card on file is read again, as a new card may have been saved since
    // (one whose answer was lost on the way).
    if (this.hasUpdated) void this._card.run();
  }

  /**
   * Another card than the one first shown here: the card form saved one whose answer was lost (Back after "Try
   * again"). The update is done, so the step says so (the last screen), and leaving then completes.
   */
  private _read(card: string): void {
    this._first ??= card;
    if (card !== this._first) this.complete({ data: { replaced: true } });
  }

  override render() {
    return html`
      ${stepHeading(msg('Your payment method', { id: 'card_on_file.heading' }), this._lead())}
      ${this._card.render({
        pending: () => html`<p role="status">${msg('Checking your saved card…', { id: 'card_on_file.checking' })}</p>`,
        complete: (card) =>
          card
            ? html`<sf-current-card
                .card=${card}
                .keepLabel=${msg('Keep this card', { id: 'card_on_file.keep' })}
                prefer="replace"
                @sf-card-use=${() => this.exit()}
                @sf-card-replace=${() => this.complete()}
              ></sf-current-card>`
            : nothing,
        error: () => this._renderError(),
      })}
    `;
  }

  /** What the card pays, by where the account is: before service starts, while it runs, or its last bill. */
  private _lead(): string {
    const a = this.account;
    if (a?.status === 'active') {
      return msg('Your monthly bills are paid automatically with the card on file. You can replace it with another card.', { id: 'card_on_file.lead' });
    }
    if (a?.status === 'cancelled') {
      return msg('Your last bill is paid automatically with the card on file. You can replace it with another card.', { id: 'card_on_file.lead.ended' });
    }
    return msg('Once your service starts, your monthly bills will be paid automatically with the card on file. You can replace it with another card.', {
      id: 'card_on_file.lead.before',
    });
  }

  private _renderError() {
    const failure = this._failure;
    if (!failure || failure.kind === 'handled') return nothing;
    if (failure.kind === 'retry') {
      return renderRetryAlert(failure, () => void this._card.run(), this._card.status === TaskStatus.PENDING);
    }
    // 404: the card was removed since this link was made. Adding one is what is left to do.
    return html`<div class="card">
        <p>${msg('There is no card on file.', { id: 'card_on_file.none' })}</p>
      </div>
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => this.complete({ data: { none: true } })}>
          ${msg('Add a card', { id: 'card_on_file.add' })}
        </button>
      </div>`;
  }
}

customElements.define('sf-step-card-on-file', SfStepCardOnFile);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-card-on-file': SfStepCardOnFile;
  }
}
