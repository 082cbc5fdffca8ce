import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import type { PaymentMethod } from '../../api/types.js';
import { LocalizedElement, getLocale } from '../../i18n/localization.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { brandName, expiry } from './card-brand.js';
import { todayYmd } from '../../ui/format.js';
import { CardReplaceEvent, CardUseEvent } from './card-events.js';

/**
 * @summary The card already on file, with "Use this card" (or `keepLabel`) and "Replace"; an expired card, only
 * "Replace" where keeping it would use it (`prefer` keep: enrollment).
 * @fires sf-card-use - keep it.
 * @fires sf-card-replace - add another card instead.
 */
export class SfCurrentCard extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    card: { attribute: false },
    keepLabel: {},
    prefer: {},
    back: { attribute: false },
  };

  static override styles = laterStepStyles;

  card?: PaymentMethod;
  /** The label of the button that keeps the card (already localized by the parent); "Use this card" by default. */
  keepLabel?: string;
  /** Which choice is the primary button: keeping the card (enrollment) or replacing it (the update scope). */
  prefer: 'keep' | 'replace' = 'keep';
  /** Adds "Back" to the row (the card step's), first, as `stepActions` puts it. */
  back?: () => void;

  override render() {
    const c = this.card;
    if (!c) return nothing;
    const brand = brandName(c.card_brand);
    const last4 = c.card_last4;
    const date = expiry(c, getLocale());
    // Good through the last day of its month; expired once that month has passed (in Texas): often why a customer
    // comes to replace it.
    const expired = todayYmd().slice(0, 7) > `${c.card_exp_year}-${String(c.card_exp_month).padStart(2, '0')}`;
    // The primary button comes last in the row (first when the row stacks on a phone). An expired card pays nothing:
    // enrollment (prefer keep) may not keep it for auto-pay; the update scope's keep changes nothing, so it stays.
    const kind = (primary: boolean) => (primary ? 'btn primary' : 'btn secondary');
    const replace = html`<button type="button" class=${kind(this.prefer === 'replace' || expired)} @click=${() => this.dispatchEvent(new CardReplaceEvent())}>
      ${msg('Replace', { id: 'payment.current.replace' })}
    </button>`;
    const keep = html`<button type="button" class=${kind(this.prefer === 'keep')} @click=${() => this.dispatchEvent(new CardUseEvent())}>
      ${this.keepLabel ?? msg('Use this card', { id: 'payment.current.use' })}
    </button>`;
    return html`
      <h2 tabindex="-1">${msg('Your card on file', { id: 'payment.current.heading' })}</h2>
      <div class="card">
        <p>
          <strong>${msg(str`${brand} ending in ${last4}`, { id: 'payment.current.card' })}</strong><br />
          <span class="muted"
            >${expired
              ? msg(str`Expired ${date}`, { id: 'payment.current.expired' })
              : msg(str`Expires ${date}`, { id: 'payment.current.expires' })}</span
          >
        </p>
      </div>
      <div class="actions">
        ${this.back ? html`<button type="button" class="btn secondary start" @click=${this.back}>${msg('Back', { id: 'step.back' })}</button>` : nothing}
        ${this.prefer === 'replace' ? [keep, replace] : expired ? replace : [replace, keep]}
      </div>
    `;
  }
}

customElements.define('sf-current-card', SfCurrentCard);

declare global {
  interface HTMLElementTagNameMap {
    'sf-current-card': SfCurrentCard;
  }
}
