import { html } from 'lit';
import { msg } from '@lit/localize';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import '../shared/account-status.js';

/**
 * @summary The update-payment-method scope's answer for an account that will never be billed (its enrollment was
 * cancelled before service started): no card form, where the account stands, and "Close".
 * @fires sf-exit-request - Close: nothing changed, the flow closes with `exited`.
 */
export class SfStepCardNotNeeded extends LaterStep {
  static override styles = laterStepStyles;

  override render() {
    return html`
      ${stepHeading(
        msg('No card is needed', { id: 'card_not_needed.heading' }),
        msg('Service on this account never started, so no bill will be charged to a card. There is nothing to update.', {
          id: 'card_not_needed.lead',
        }),
      )}
      <sf-account-status .account=${this.account}></sf-account-status>
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => this.exit()}>${msg('Close', { id: 'card_not_needed.close' })}</button>
      </div>
    `;
  }
}

customElements.define('sf-step-card-not-needed', SfStepCardNotNeeded);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-card-not-needed': SfStepCardNotNeeded;
  }
}
